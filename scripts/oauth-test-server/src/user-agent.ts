/**
 * What a user's browser does in the OAuth user flows, over plain HTTP against the test authorization server:
 * follows redirects with its cookies, submits the server's forms (their hidden fields), and stops at the app's
 * redirect URI. The pages are the authorization server's own (oidc-provider's device pages and form posts).
 */

/** A browser session: cookies by name, kept across requests. */
export interface UserAgent {
  /** Opens `url` and follows redirects; resolves with the redirect to `stopAt`, or the page it ended on. */
  open(url: string, stopAt?: string): Promise<Visited>;
  /** Submits the first form of `page` with its hidden fields and `extra`. */
  submit(page: Visited, extra?: Record<string, string>): Promise<Visited>;
}

export interface Visited {
  readonly url: string;
  readonly status: number;
  readonly html: string;
  /** Set when the journey stopped at `stopAt`: the full redirect URL (with `code` and `state`). */
  readonly redirectedTo?: string;
}

export function createUserAgent(): UserAgent {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  async function go(url: string, init: RequestInit, stopAt: string | undefined): Promise<Visited> {
    let target = url;
    let request = init;
    for (let hops = 0; hops < 20; hops += 1) {
      if (stopAt !== undefined && target.startsWith(stopAt)) {
        return { url: target, status: 0, html: '', redirectedTo: target };
      }
      const response = await fetch(target, {
        ...request,
        redirect: 'manual',
        headers: { ...(request.headers as Record<string, string>), cookie: cookieHeader() },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair?.indexOf('=') ?? -1;
        if (pair && at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        target = new URL(location, target).href;
        request = { method: 'GET' };
        continue;
      }
      return { url: target, status: response.status, html: await response.text() };
    }
    throw new Error(`too many redirects from ${url}`);
  }

  return {
    open: (url, stopAt) => go(url, { method: 'GET' }, stopAt),
    submit(page, extra = {}) {
      const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(page.html);
      if (!form) throw new Error(`no form on ${page.url} (HTTP ${page.status}): ${page.html.slice(0, 200)}`);
      const fields = new URLSearchParams();
      for (const input of (form[2] ?? '').matchAll(
        /<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g,
      )) {
        fields.set(input[1] as string, decodeEntities(input[2] as string));
      }
      for (const [name, value] of Object.entries(extra)) fields.set(name, value);
      return go(
        new URL(decodeEntities(form[1] as string), page.url).href,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: fields.toString(),
        },
        undefined,
      );
    },
  };
}

function decodeEntities(text: string): string {
  return text
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
}
