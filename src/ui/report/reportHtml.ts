/**
 * The report as a standalone HTML file: the rendered report's markup (React has already
 * escaped every name, so a hostile name stays text) with its stylesheet inlined, and a
 * Content-Security-Policy that allows no script at all.
 */
import reportCss from './report.css?raw';

/** Wraps the report's outer HTML in a complete document. */
export function reportHtml(reportMarkup: string, title: string): string {
  const escapedTitle = title.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapedTitle}</title>
<style>
@page { size: letter portrait; margin: 8mm; }
body { margin: 10mm; background: #fff; }
${reportCss}
</style>
</head>
<body>
${reportMarkup}
</body>
</html>
`;
}
