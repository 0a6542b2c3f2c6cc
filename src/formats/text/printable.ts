/**
 * Text from a file or a service made safe to print on a terminal or in a log: each control
 * character (escape sequences, line breaks, C1 codes) shown as U+FFFD, so a bank name cannot clear
 * the screen, colour a line or forge one.
 */
export function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd');
}

/**
 * printable for a message of several lines the program itself joined with `\n`: every other
 * control character is shown as U+FFFD. The values inside should pass through printable first, so
 * a line break of theirs cannot forge a line.
 */
export function printableLines(text: string): string {
  return text.split('\n').map(printable).join('\n');
}
