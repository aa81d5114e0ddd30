import { JobRunner } from './jobs';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the job runner', () => {
  it('runs a job one at a time: ticks during a run are skipped; runNow joins the run in progress', async () => {
    const r = new JobRunner();
    const started = Date.now();
    let active = 0;
    let most = 0;
    let runs = 0;
    r.every('slow', 5, async () => {
      active += 1;
      most = Math.max(most, active);
      runs += 1;
      await sleep(30);
      active -= 1;
    });
    // a tick has run to its end (however slow the machine), then two runNow calls: one run, the other joins it
    for (let waited = 0; (runs < 1 || active > 0) && waited < 5_000; waited += 5) await sleep(5);
    await Promise.all([r.runNow('slow'), r.runNow('slow')]);
    await r.stop();
    expect(most).toBe(1);
    expect(runs).toBeGreaterThanOrEqual(2);
    // runs of 30 ms one after another: never more of them than the time taken allows
    expect(runs).toBeLessThanOrEqual(Math.floor((Date.now() - started) / 30) + 1);
  });

  it('a run that throws is logged and the next tick runs again; stop() waits for the run in progress and ends the ticks', async () => {
    const errors: string[] = [];
    const r = new JobRunner({ warn: () => undefined, error: (o) => errors.push((o as { job: string }).job) });
    let n = 0;
    let finished = false;
    r.every('flaky', 5, async () => {
      n += 1;
      if (n === 1) throw new Error('db away');
      await sleep(20);
      finished = true;
    });
    // the second run has started (a tick after the failed one), however slow the machine: stop() must wait for it
    for (let waited = 0; n < 2 && waited < 5_000; waited += 5) await sleep(5);
    await r.stop();
    expect(errors).toEqual(['flaky']);
    expect(finished).toBe(true);
    const after = n;
    await sleep(30);
    expect(n).toBe(after);
    expect(() => r.every('flaky', 5, async () => undefined)).toThrow(/twice/);
  });

  it('everyMs 0 never ticks (tests call the work); runNow still runs it', async () => {
    const r = new JobRunner();
    let n = 0;
    r.every('off', 0, async () => {
      n += 1;
    });
    await sleep(20);
    expect(n).toBe(0);
    await r.runNow('off');
    expect(n).toBe(1);
    expect(r.names()).toEqual(['off']);
    await r.stop();
  });
});
