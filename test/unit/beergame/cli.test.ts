import { afterEach, describe, expect, it, vi } from 'vitest';
import { simulateBeerGame } from '../../../src-server/cli/simulate-beergame';

function capture() {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    err += String(chunk);
    return true;
  });
  return { out: () => out, err: () => err };
}

describe('simulate command', () => {
  afterEach(() => vi.restoreAllMocks());

  it('--help prints the usage and exits 0', async () => {
    const io = capture();
    expect(await simulateBeerGame(['--help'])).toBe(0);
    expect(io.out()).toContain('--policy');
  });

  it('prints the classic game as JSON', async () => {
    const io = capture();
    const code = await simulateBeerGame([
      '--template',
      'classic',
      '--weeks',
      '36',
      '--policy',
      'passthrough',
      '--format',
      'json',
    ]);
    expect(code).toBe(0);
    const json = JSON.parse(io.out());
    expect(json.weeks).toHaveLength(36);
    expect(json.weeks[0].facilities[0]).toEqual({
      id: 'retailer',
      name: 'Retailer',
      received: 4,
      incomingOrder: 4,
      shipped: 4,
      stock: 12,
      backlog: 0,
      netInventory: 12,
      order: 4,
      cost: 6,
      cumulativeCost: 6,
    });
    expect(Object.keys(json.totals.byFacility)).toEqual(['retailer', 'wholesaler', 'distributor', 'factory']);
  });

  it('prints CSV, takes a policy per facility and a seed', async () => {
    const io = capture();
    const code = await simulateBeerGame([
      '--policy',
      'fixed:4',
      '--policy',
      'basestock:20',
      '--policy',
      'sterman:0.36,0.26,0.34,17',
      '--policy',
      'passthrough',
      '--seed',
      '5',
      '--weeks',
      '4',
      '--format',
      'csv',
    ]);
    expect(code).toBe(0);
    const lines = io.out().trim().split('\n');
    expect(lines[0]).toBe(
      'week,id,name,received,incomingOrder,shipped,stock,backlog,netInventory,order,cost,cumulativeCost',
    );
    expect(lines).toHaveLength(1 + 4 * 4);
  });

  it.each([
    [['--policy', 'magic']],
    [['--weeks', 'ten']],
    [['--weeks', '0']],
    [['--format', 'xml']],
    [['--template', 'nope']],
    [['--frobnicate']],
    [['--policy']],
    [['--policy', 'fixed:1', '--policy', 'fixed:2']],
  ])('bad arguments %j print the usage on stderr and exit 2', async (args) => {
    const io = capture();
    expect(await simulateBeerGame(args)).toBe(2);
    expect(io.err()).toContain('Usage');
    expect(io.out()).toBe('');
  });
});
