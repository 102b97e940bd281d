/** A POST of JSON to the app's API from the test process (not the page), answered as JSON; any answer but 2xx throws with its text. */
export async function postJson<T = Record<string, unknown>>(origin: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}
