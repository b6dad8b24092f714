// GET requests a page starts before its code has loaded (see main.tsx): the api client takes
// the reply of the same URL instead of asking again. Each reply is taken once, by the first
// call for its URL; a page that asks with other parameters simply fetches its own.

const started = new Map<string, Promise<Response>>();

export function requestEarly(url: string) {
  const response = fetch(url, { credentials: 'include' });
  // Whoever takes it sees a failure; one nobody takes (a signed-out visitor) is not an error.
  response.catch(() => {});
  started.set(url, response);
}

export function takeEarlyRequest(url: string): Promise<Response> | undefined {
  const response = started.get(url);
  started.delete(url);
  return response;
}
