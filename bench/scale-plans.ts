// The plans of a call's statements, as they ran: while capturing, every statement a pg client sends in this process
// is first run under EXPLAIN (ANALYZE, BUFFERS) on the same connection, inside a savepoint (or a transaction of its
// own) that is rolled back, so that the real statement then runs on the same state and nothing is written twice.
import pg from 'pg';

export interface CapturedPlan {
  statement: string;
  plan: string;
  /** The plan's own "Execution Time", in milliseconds. */
  executionMs: number;
}

type QueryConfig = { text?: string; name?: string; values?: unknown[] };
type ClientWithState = pg.Client & { perchInTransaction?: boolean };

const original = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
let capturing: CapturedPlan[] | undefined;

const control = /^\s*(BEGIN|START|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE|SET|RESET|SHOW|LISTEN|UNLISTEN|EXPLAIN)\b/i;

function patched(this: ClientWithState, ...args: unknown[]): unknown {
  const [first, second] = args;
  const text = typeof first === 'string' ? first : (first as QueryConfig | undefined)?.text;
  if (typeof text === 'string') {
    if (/^\s*(BEGIN|START)\b/i.test(text)) this.perchInTransaction = true;
    else if (/^\s*(COMMIT|END|ROLLBACK)\b(?!\s+TO)/i.test(text)) this.perchInTransaction = false;
  }
  const plans = capturing;
  if (!plans || typeof text !== 'string' || control.test(text)) return original.apply(this, args);
  const values = Array.isArray(second) ? second : (first as QueryConfig).values;
  const explain = async () => {
    const inTransaction = this.perchInTransaction === true;
    await original.call(this, inTransaction ? 'SAVEPOINT perch_explain' : 'BEGIN');
    try {
      const result = (await original.call(this, `EXPLAIN (ANALYZE, BUFFERS) ${text}`, values)) as pg.QueryResult<{
        'QUERY PLAN': string;
      }>;
      const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
      plans.push({
        statement: text.replace(/\s+/g, ' ').trim(),
        plan,
        executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN),
      });
    } catch (error) {
      plans.push({ statement: text.replace(/\s+/g, ' ').trim(), plan: `(not explained: ${error})`, executionMs: 0 });
    } finally {
      await original.call(this, inTransaction ? 'ROLLBACK TO SAVEPOINT perch_explain' : 'ROLLBACK');
    }
  };
  // pg.Pool's query() passes a callback (and expects no promise); a client's own query() answers a promise.
  const explained = explain().catch(() => {});
  if (args.some((arg) => typeof arg === 'function')) {
    void explained.then(() => original.apply(this, args));
    return undefined;
  }
  return explained.then(() => original.apply(this, args));
}

pg.Client.prototype.query = patched as typeof pg.Client.prototype.query;

/** Runs `work` with every statement of this process explained first; answers the plans in the order they ran. */
export async function capturePlans(work: () => Promise<unknown>): Promise<CapturedPlan[]> {
  const plans: CapturedPlan[] = [];
  capturing = plans;
  try {
    await work();
  } finally {
    capturing = undefined;
  }
  return plans;
}
