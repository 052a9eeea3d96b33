import { afterEach, vi } from 'vitest';

// An unexpected console.error fails the test: errors must be asserted, not printed and ignored.
const spy = vi.spyOn(console, 'error');

afterEach(() => {
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((args) => args.map(String).join(' ')).join('\n')}`);
});
