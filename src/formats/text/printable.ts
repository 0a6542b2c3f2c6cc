/**
 * Text from a file or a service made safe to print on a terminal or in a log: each control
 * character (escape sequences, line breaks, C1 codes) shown as U+FFFD, so a bank name cannot clear
 * the screen, colour a line or forge one.
 */
export function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd');
}
