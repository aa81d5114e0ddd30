import { AttemptBook, attemptStorageKey, LAST_CHECKOUT_KEY, LAST_CHECKOUT_TTL_MS, memoryStorage } from './attempts';

const order = { agency: 'MBUS', productType: 'pass', orderId: 'u1-mumbai-MBUS-adult' };
function book() {
  const storage = memoryStorage();
  let t = 1_000;
  let k = 0;
  const b = new AttemptBook(
    storage,
    () => t,
    () => `key-${++k}-0000`,
  );
  return { b, storage, advance: (ms: number) => (t += ms) };
}

describe('attempt keys', () => {
  it('a double click or a retried request reuses the key; a reload (new book, same storage) too', () => {
    const { b, storage } = book();
    const first = b.begin(order, 'card', 'card:1111:12/2030');
    expect(first).toMatchObject({ n: 1, key: 'key-1-0000', state: 'sent' });
    expect(b.begin(order, 'card', 'card:1111:12/2030').key).toBe('key-1-0000');
    const reloaded = new AttemptBook(
      storage,
      () => 2_000,
      () => 'other-key-0000',
    );
    expect(reloaded.current(order)?.key).toBe('key-1-0000');
    expect(reloaded.begin(order, 'card', 'card:1111:12/2030').key).toBe('key-1-0000');
  });
  it('after a decline, "Try again" gets a new key even for the same card', () => {
    const { b } = book();
    b.begin(order, 'card', 'card:0002:12/2030');
    expect(b.failed(order, 'CARD_DECLINED', 'pay_1')).toMatchObject({ state: 'failed', failureReason: 'CARD_DECLINED', paymentId: 'pay_1' });
    const retry = b.begin(order, 'card', 'card:0002:12/2030');
    expect(retry).toMatchObject({ n: 2, key: 'key-2-0000', state: 'sent', paymentId: null, failureReason: null });
  });
  it('a different request (other card or method) never reuses the key', () => {
    const { b } = book();
    b.begin(order, 'card', 'card:1111:12/2030');
    expect(b.begin(order, 'card', 'card:0002:12/2030').key).toBe('key-2-0000');
    expect(b.begin(order, 'upi', 'upi:success@upi').key).toBe('key-3-0000');
  });
  it('renew (key refused as reused) keeps the request and changes the key', () => {
    const { b } = book();
    b.begin(order, 'card', 'card:1111:12/2030');
    expect(b.renew(order)).toMatchObject({ n: 2, key: 'key-2-0000', method: 'card', fingerprint: 'card:1111:12/2030' });
    expect(b.renew({ ...order, orderId: 'other' })).toBeNull();
  });
  it('pending keeps the payment id for polling after a reload; a payment found without our request is tracked too', () => {
    const { b, storage } = book();
    b.begin(order, 'upi', 'upi:pending@upi');
    b.pending(order, 'pay_9');
    expect(new AttemptBook(storage).current(order)).toMatchObject({ state: 'pending', paymentId: 'pay_9', key: 'key-1-0000' });
    const other = { ...order, orderId: 'o2' };
    expect(b.pending(other, 'pay_7', 'cash')).toMatchObject({ state: 'pending', paymentId: 'pay_7', method: 'cash' });
  });
  it('orders are kept apart; finish forgets the attempt and the last checkout', () => {
    const { b, storage } = book();
    b.begin(order, 'card', 'x');
    const other = { ...order, orderId: 'o2' };
    b.begin(other, 'card', 'x');
    expect(b.current(other)?.key).not.toBe(b.current(order)?.key);
    expect(b.last()).toMatchObject({ orderId: 'o2' });
    b.finish(order);
    expect(storage.getItem(attemptStorageKey(order))).toBeNull();
    expect(b.last()).toMatchObject({ orderId: 'o2' }); // not this order's
    b.finish(other);
    expect(storage.getItem(LAST_CHECKOUT_KEY)).toBeNull();
  });
  it('the last checkout is offered for 24 h', () => {
    const { b, advance } = book();
    b.remember(order);
    advance(LAST_CHECKOUT_TTL_MS - 1);
    expect(b.last()).toMatchObject(order);
    advance(1);
    expect(b.last()).toBeNull();
  });
  it('garbage in storage is ignored; a full storage does not throw', () => {
    const { b, storage } = book();
    storage.setItem(attemptStorageKey(order), '{not json');
    expect(b.current(order)).toBeNull();
    storage.setItem(attemptStorageKey(order), JSON.stringify({ n: 1 }));
    expect(b.current(order)).toBeNull();
    const full = new AttemptBook(
      {
        getItem: () => null,
        setItem: () => {
          throw new Error('QuotaExceeded');
        },
        removeItem: () => undefined,
      },
      () => 0,
      () => 'k-00000000',
    );
    expect(full.begin(order, 'card', 'x').key).toBe('k-00000000');
  });
  it('real keys are UUIDs the server accepts', () => {
    const b = new AttemptBook(memoryStorage());
    expect(b.begin(order, 'card', 'x').key).toMatch(/^[A-Za-z0-9._:-]{8,64}$/);
  });
});
