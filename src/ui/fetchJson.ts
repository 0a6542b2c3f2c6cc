/** JSON at a URL; a failed answer throws naming the file and the status (the caller says what it lost). */
export async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.split('/').pop()}: the server answered ${response.status}`);
  return response.json();
}
