/**
 * The one fetch mock of the component tests: msw (mswjs.io) stands in for the server at the network level, so the
 * app's own client (`api/client.ts`: headers, JSON, errors) runs as in the browser. `setup.ts` starts it for every
 * test file and drops each test's answers after the test; a request that no answer handles fails.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer();

/** one request of the app: `url` is its path and query as the app wrote them (`/api/v1/leads?page=1`) */
export interface ApiCall {
  method: string;
  url: string;
  /** the JSON body, the text of another body, or undefined without one */
  body: unknown;
  request: Request;
}

/** A JSON answer (status 200 unless given). */
export const json = (body: unknown, status = 200) => HttpResponse.json(body as Record<string, unknown>, { status });

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Answers every request of this test with `answer(call)`: a Response as it is, anything else as a JSON body with
 * status 200. The returned list holds the calls in the order they came.
 */
export function mockApi(answer: (call: ApiCall) => unknown): ApiCall[] {
  const calls: ApiCall[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const call: ApiCall = { method: request.method, url: `${url.pathname}${url.search}`, body: await bodyOf(request), request };
      calls.push(call);
      const out = await answer(call);
      return out instanceof Response ? out : json(out);
    }),
  );
  return calls;
}
