/**
 * The PayPal REST client (Subscriptions, Catalog products, Transaction search). The host is picked
 * by the environment (sandbox or live) unless the configuration's api_base_url replaces it (checked
 * when saved: modules/paypal/config.ts). Every request carries a fresh `PayPal-Request-Id`, PayPal's
 * idempotency key, so a retried POST is never applied twice by PayPal. Access tokens come from the
 * client-credentials grant with basic auth and are cached until shortly before they expire.
 */
import crypto from 'node:crypto';
import { accessTokenFailed, providerApiError } from '../../../../shared/messages';

export const PROVIDER = 'PayPal';

export const PAYPAL_HOSTS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

export type PaypalEnvironment = keyof typeof PAYPAL_HOSTS;

export type PaypalSettings = {
  clientId: string;
  clientSecret: string;
  environment: PaypalEnvironment;
  /** Replaces the environment's host (a fake in tests and demos). */
  apiBaseUrl?: string | null;
};

/** A token is dropped this long before PayPal says it expires, so no request leaves with a dying one. */
export const TOKEN_MARGIN_MS = 60_000;
const REQUEST_TIMEOUT_MS = 20_000;

export class PaypalApiError extends Error {
  override readonly name = 'PaypalApiError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export function paypalBaseUrl(settings: Pick<PaypalSettings, 'environment' | 'apiBaseUrl'>): string {
  const base = settings.apiBaseUrl?.trim() || PAYPAL_HOSTS[settings.environment];
  return base.replace(/\/+$/, '');
}

type CachedToken = { token: string; expiresAt: number };

/** Tokens by base URL and credentials; one per app (the paypal module holds it). */
export class TokenCache {
  private readonly tokens = new Map<string, CachedToken>();

  static keyOf(settings: PaypalSettings): string {
    const secret = crypto.createHash('sha256').update(settings.clientSecret).digest('base64');
    return `${paypalBaseUrl(settings)}\n${settings.clientId}\n${secret}`;
  }

  get(key: string, now: number): string | null {
    const hit = this.tokens.get(key);
    if (!hit) return null;
    if (hit.expiresAt - TOKEN_MARGIN_MS <= now) {
      this.tokens.delete(key);
      return null;
    }
    return hit.token;
  }

  set(key: string, token: string, expiresInSeconds: number, now: number): void {
    this.tokens.set(key, { token, expiresAt: now + Math.max(0, expiresInSeconds) * 1000 });
  }

  clear(): void {
    this.tokens.clear();
  }
}

export type Link = { href: string; rel: string; method?: string };
export type PaypalProduct = { id: string; name: string };
export type PaypalPlan = { id: string; product_id: string; name: string; status: string };
export type PaypalSubscription = {
  id: string;
  status: string;
  plan_id: string;
  start_time?: string;
  links?: Link[];
  billing_info?: { next_billing_time?: string; last_payment?: { amount?: { value: string; currency_code: string }; time?: string } };
};
export type TransactionDetail = {
  transaction_info: {
    transaction_id: string;
    paypal_reference_id?: string;
    paypal_reference_id_type?: string;
    transaction_status?: string;
    transaction_initiation_date?: string;
    transaction_amount?: { value: string; currency_code: string };
  };
};

export type PlanInput = {
  productId: string;
  name: string;
  description: string;
  interval: 'MONTH' | 'YEAR';
  price: string;
  currency: string;
};

export type SubscriptionInput = {
  planId: string;
  startTime: string;
  email: string;
  returnUrl: string;
  cancelUrl: string;
};

export type ClientOptions = {
  cache?: TokenCache;
  now?: () => number;
  fetch?: typeof fetch;
};

export class PaypalClient {
  readonly baseUrl: string;
  private readonly cache: TokenCache;
  private readonly now: () => number;
  private readonly fetcher: typeof fetch;

  constructor(
    private readonly settings: PaypalSettings,
    options: ClientOptions = {},
  ) {
    this.baseUrl = paypalBaseUrl(settings);
    this.cache = options.cache ?? new TokenCache();
    this.now = options.now ?? Date.now;
    this.fetcher = options.fetch ?? fetch;
  }

  /** A bearer token: the cached one while it has more than the margin left, else a new one. */
  async accessToken(): Promise<string> {
    const key = TokenCache.keyOf(this.settings);
    const cached = this.cache.get(key, this.now());
    if (cached) return cached;
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    let res: Response;
    try {
      res = await this.fetcher(`${this.baseUrl}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          'paypal-request-id': crypto.randomUUID(),
        },
        body: 'grant_type=client_credentials',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaypalApiError(accessTokenFailed(networkReason(error)), 0);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new PaypalApiError(accessTokenFailed(res.statusText || String(res.status)), res.status);
    }
    const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string' || !body.access_token) throw new PaypalApiError(accessTokenFailed('no access_token in the answer'), res.status);
    const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : 0;
    this.cache.set(key, body.access_token, expiresIn, this.now());
    return body.access_token;
  }

  /** One API call; a non-2xx answer throws "PayPal API Error: {status} - {body}". */
  async request<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, query?: Record<string, string>): Promise<T> {
    const token = await this.accessToken();
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await this.fetcher(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
          'paypal-request-id': crypto.randomUUID(),
          prefer: 'return=representation',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaypalApiError(providerApiError(PROVIDER, 0, networkReason(error)), 0);
    }
    const text = await res.text();
    if (!res.ok) throw new PaypalApiError(providerApiError(PROVIDER, res.status, text.slice(0, 2000)), res.status);
    if (!text) return {} as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new PaypalApiError(providerApiError(PROVIDER, res.status, `unreadable answer: ${text.slice(0, 200)}`), res.status);
    }
  }

  createProduct(input: { name: string; description: string; homeUrl: string }): Promise<PaypalProduct> {
    return this.request('POST', '/v1/catalogs/products', {
      name: input.name,
      description: input.description,
      type: 'SERVICE',
      category: 'SOFTWARE',
      home_url: input.homeUrl,
    });
  }

  /** A fixed-price plan: one regular cycle of 1 month or 1 year, unlimited cycles (spec §9 settings). */
  createPlan(input: PlanInput): Promise<PaypalPlan> {
    return this.request('POST', '/v1/billing/plans', {
      product_id: input.productId,
      name: input.name,
      description: input.description,
      status: 'ACTIVE',
      billing_cycles: [
        {
          frequency: { interval_unit: input.interval, interval_count: 1 },
          tenure_type: 'REGULAR',
          sequence: 1,
          total_cycles: 0,
          pricing_scheme: { fixed_price: { value: input.price, currency_code: input.currency } },
        },
      ],
      payment_preferences: {
        auto_bill_outstanding: true,
        setup_fee_failure_action: 'CONTINUE',
        payment_failure_threshold: 3,
      },
    });
  }

  createSubscription(input: SubscriptionInput): Promise<PaypalSubscription> {
    return this.request('POST', '/v1/billing/subscriptions', {
      plan_id: input.planId,
      start_time: input.startTime,
      subscriber: { email_address: input.email },
      application_context: {
        brand_name: 'Staykeep',
        user_action: 'SUBSCRIBE_NOW',
        return_url: input.returnUrl,
        cancel_url: input.cancelUrl,
      },
    });
  }

  getSubscription(id: string): Promise<PaypalSubscription> {
    return this.request('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`);
  }

  /** cancel, suspend or activate: PayPal answers 204 with no body. */
  async subscriptionAction(id: string, action: 'cancel' | 'suspend' | 'activate', reason: string): Promise<void> {
    await this.request('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/${action}`, { reason });
  }

  revise(id: string, planId: string, effectiveTime?: string): Promise<{ plan_id: string; links?: Link[] }> {
    return this.request('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/revise`, {
      plan_id: planId,
      ...(effectiveTime ? { effective_time: effectiveTime } : {}),
    });
  }

  listTransactions(startDate: string, endDate: string, page = 1): Promise<{ transaction_details?: TransactionDetail[]; total_pages?: number; page?: number }> {
    return this.request('GET', '/v1/reporting/transactions', undefined, {
      start_date: startDate,
      end_date: endDate,
      fields: 'transaction_info',
      page_size: '500',
      page: String(page),
    });
  }
}

function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause?.code;
  if (error instanceof Error && error.name === 'TimeoutError') return 'the request timed out';
  return cause ? `could not reach PayPal (${cause})` : 'could not reach PayPal';
}

/** The link a subscription's payer must open to approve it (rel "approve"). */
export function approveLinkOf(links: readonly Link[] | undefined): string | null {
  return links?.find((l) => l.rel === 'approve')?.href ?? null;
}
