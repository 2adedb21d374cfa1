import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test support: a local HTTP server answering the Stripe API calls the billing module makes
 * (customers, Checkout sessions, portal sessions, subscriptions) with Stripe-shaped bodies, so the
 * real SDK runs against it with STRIPE_API_HOST/PORT/PROTOCOL. Subscriptions are whatever the test
 * puts in `subscriptions`; everything else is answered from the request.
 */
export interface FakeStripe {
  host: string;
  port: number;
  requests: { method: string; path: string; params: URLSearchParams; idempotencyKey?: string }[];
  subscriptions: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  const idempotent = new Map<string, unknown>();
  let counter = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${++counter}` });
    res.end(JSON.stringify(body));
  };
  const missing = (res: ServerResponse, what: string) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}`, param: 'id' } });

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = new URLSearchParams(raw);
    const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, params, idempotencyKey });
    const replay = idempotencyKey ? idempotent.get(`${url.pathname}:${idempotencyKey}`) : undefined;
    if (replay) return send(res, 200, replay);
    const metadata = (prefix = 'metadata') =>
      Object.fromEntries([...params].filter(([k]) => k.startsWith(`${prefix}[`)).map(([k, v]) => [k.slice(prefix.length + 1, -1), v]));

    let body: Record<string, unknown> | undefined;
    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      body = { id: `cus_fake_${++counter}`, object: 'customer', email: params.get('email'), name: params.get('name'), metadata: metadata(), livemode: false };
    } else if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = `cs_test_fake_${++counter}`;
      body = {
        id,
        object: 'checkout.session',
        mode: params.get('mode'),
        customer: params.get('customer'),
        client_reference_id: params.get('client_reference_id'),
        metadata: metadata(),
        status: 'open',
        payment_status: 'unpaid',
        success_url: params.get('success_url'),
        cancel_url: params.get('cancel_url'),
        url: `https://checkout.stripe.test/c/pay/${id}`,
        livemode: false,
      };
    } else if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const id = `bps_fake_${++counter}`;
      body = { id, object: 'billing_portal.session', customer: params.get('customer'), return_url: params.get('return_url'), url: `https://billing.stripe.test/p/session/${id}`, livemode: false };
    } else if (req.method === 'GET' && url.pathname.startsWith('/v1/subscriptions/')) {
      const id = decodeURIComponent(url.pathname.slice('/v1/subscriptions/'.length));
      const subscription = subscriptions.get(id);
      if (!subscription) return missing(res, `subscription: '${id}'`);
      body = subscription;
    }
    if (!body) return missing(res, `route ${req.method} ${url.pathname}`);
    if (idempotencyKey) idempotent.set(`${url.pathname}:${idempotencyKey}`, body);
    return send(res, 200, body);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    requests,
    subscriptions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A subscription object shaped like Stripe's current API (the period on the item). */
export function fakeSubscription(fields: {
  id: string;
  customer: string;
  teamId: number;
  status: string;
  priceId: string;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
}) {
  return {
    id: fields.id,
    object: 'subscription',
    customer: fields.customer,
    status: fields.status,
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    cancel_at: fields.cancelAtPeriodEnd ? fields.periodEnd : null,
    canceled_at: fields.status === 'canceled' ? fields.periodStart : null,
    metadata: { team_id: String(fields.teamId) },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${fields.id}`,
          object: 'subscription_item',
          price: { id: fields.priceId, object: 'price' },
          quantity: 1,
          current_period_start: fields.periodStart,
          current_period_end: fields.periodEnd,
        },
      ],
    },
    livemode: false,
  };
}
