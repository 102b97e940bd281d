import { DEMO_PASSWORD } from './accounts';

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

/** A poster of JSON to the app's API with one user's session (postJson with its token). */
export type ApiAs = <T = Record<string, unknown>>(path: string, body: unknown) => Promise<T>;

/** Signs `email` in over the API (the demo password unless given) and answers a poster with that session. */
export async function apiAs(origin: string, email: string, password = DEMO_PASSWORD): Promise<ApiAs> {
  const { token } = await postJson<{ token: string }>(origin, '/api/auth/login', { email, password });
  return (path, body) => postJson(origin, path, body, token);
}
