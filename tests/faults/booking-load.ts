/** Booking load against a running Perch, and a ledger of what it answered, to check against the database later. */

export interface Sent {
  /** Written into the booking's notes, so the rows of every request can be found whatever it was answered. */
  tag: string;
  kind: 'single' | 'bulk';
  size: number;
  /** Its first date. */
  date: string;
  /** The HTTP status, or 'network' when the connection failed (the server was killed). */
  status: number | 'network';
  ids: string[];
  retryAfter: string | null;
  message: string;
  startedAt: number;
  ms: number;
}

export interface Setup {
  url: string;
  cookie: string;
  organizationId: string;
  deskIds: string[];
}

const slots = ['full-day', 'morning', 'afternoon'] as const;
let counter = 0;

function futureDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function post(setup: Setup, path: string, body: unknown) {
  return fetch(`${setup.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: setup.cookie },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
}

/** One booking, or a bulk of 2 to 5 on one desk: random desk, dates and slot, so that conflicts are rare. */
export async function sendBooking(setup: Setup, kind: 'single' | 'bulk'): Promise<Sent> {
  counter += 1;
  const tag = `fault-${kind}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const deskId = setup.deskIds[Math.floor(Math.random() * setup.deskIds.length)]!;
  const slot = slots[Math.floor(Math.random() * slots.length)]!;
  const firstDay = 2 + Math.floor(Math.random() * 300);
  const size = kind === 'single' ? 1 : 2 + Math.floor(Math.random() * 4);
  const dates = Array.from({ length: size }, (_, index) => futureDate(firstDay + index));
  const startedAt = performance.now();
  const sent: Sent = {
    tag,
    kind,
    size,
    date: dates[0] as string,
    status: 'network',
    ids: [],
    retryAfter: null,
    message: '',
    startedAt,
    ms: 0,
  };
  try {
    const response =
      kind === 'single'
        ? await post(setup, '/api/bookings', {
            organizationId: setup.organizationId,
            deskId,
            bookingDate: dates[0],
            timeSlot: slot,
            notes: tag,
          })
        : await post(setup, '/api/bookings/bulk', {
            organizationId: setup.organizationId,
            bookings: dates.map((bookingDate) => ({ deskId, bookingDate, timeSlot: slot, notes: tag })),
          });
    sent.status = response.status;
    sent.retryAfter = response.headers.get('retry-after');
    const body = (await response.json().catch(() => ({}))) as {
      id?: string;
      message?: string;
      bookings?: Array<{ id: string }>;
    };
    sent.message = body.message ?? '';
    if (response.status === 201)
      sent.ids = kind === 'single' ? [body.id!] : (body.bookings ?? []).map((item) => item.id);
  } catch (error) {
    sent.message = error instanceof Error ? error.message : String(error);
  }
  sent.ms = performance.now() - startedAt;
  return sent;
}

/** `workers` loops sending bookings (one in three a bulk) until stopped; answers everything they sent. */
export function startLoad(setup: Setup, workers: number) {
  const ledger: Sent[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const sent = await sendBooking(setup, Math.random() < 1 / 3 ? 'bulk' : 'single');
      ledger.push(sent);
      // While the server is gone, a connection fails at once: do not spin.
      if (sent.status === 'network') await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  return {
    ledger,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return ledger;
    },
  };
}
