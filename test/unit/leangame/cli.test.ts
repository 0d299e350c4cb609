/** The lean simulation command: usage, scenarios list, argument errors and its JSON output. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { simulateLeanGame } from '../../../src-server/cli/simulate-leangame';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out.push(String(chunk));
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    err.push(String(chunk));
    return true;
  });
  return { out: () => out.join(''), err: () => err.join('') };
}

afterEach(() => vi.restoreAllMocks());

describe('simulate --game lean', () => {
  it('--help prints usage and one line per scenario', async () => {
    const io = capture();
    expect(await simulateLeanGame(['--help'])).toBe(0);
    const lines = io
      .out()
      .split('\n')
      .filter((l) => l.startsWith('scenario: '));
    expect(lines).toEqual([
      'scenario: workshop4-choose (4 stations)',
      'scenario: workshop4-lean (4 stations)',
      'scenario: factory7-choose (7 stations)',
      'scenario: factory7-lean (7 stations)',
    ]);
  });

  it.each([
    [['--scenario', 'nope']],
    [['--scenario', 'factory7-choose', '--improvements', 'batch,teleport']],
    [['--scenario', 'factory7-choose', '--minutes', 'ten']],
    [['--scenario', 'factory7-choose', '--minutes', '0']],
    [['--scenario', 'factory7-choose', '--seed', '1.5']],
    [['--scenario', 'factory7-choose', '--format', 'xml']],
    [['--scenario']],
    [['--minutes', '5']],
    [['--scenario', 'factory7-choose', '--speed', '2']],
  ])('bad arguments %j print usage to stderr and return 2', async (args) => {
    const io = capture();
    expect(await simulateLeanGame(args)).toBe(2);
    expect(io.err()).toContain('Usage:');
    expect(io.out()).toBe('');
  });

  it('prints the metrics of the round as one JSON object, the same for the same seed', async () => {
    const io = capture();
    const args = [
      '--scenario',
      'workshop4-choose',
      '--improvements',
      'batch,kanban',
      '--minutes',
      '8',
      '--seed',
      '3',
      '--format',
      'json',
    ];
    expect(await simulateLeanGame(args)).toBe(0);
    expect(await simulateLeanGame(args)).toBe(0);
    const [first, second] = io.out().trim().split('\n');
    expect(second).toBe(first);
    const result = JSON.parse(first!);
    for (const key of [
      'deliveries',
      'otif',
      'flowEfficiency',
      'lineBalance',
      'firstPassYield',
      'defects',
      'pnl',
    ])
      expect(typeof result[key]).toBe('number');
    expect(Object.keys(result.leadTime)).toEqual(expect.arrayContaining(['mean', 'p90']));
    expect(typeof result.wip.mean).toBe('number');
    expect(Object.keys(result.resourceEfficiency)).toEqual(['warehouse', 'paint1', 'paint2', 'qc']);
    expect(Object.keys(result.timeByCategory)).toEqual([
      'workdeskTime',
      'changeoverTime',
      'loadTime',
      'moveTime',
      'waitTime',
    ]);
    expect(result.improvements).toEqual(['batch', 'kanban']);
  });

  it("--improvements none is the baseline and the default is the scenario's own", async () => {
    const io = capture();
    await simulateLeanGame(['--scenario', 'workshop4-lean', '--minutes', '5', '--improvements', 'none']);
    await simulateLeanGame(['--scenario', 'workshop4-lean', '--minutes', '5']);
    await simulateLeanGame(['--scenario', 'workshop4-lean', '--minutes', '5', '--format', 'text']);
    const [none, own] = io
      .out()
      .trim()
      .split('\n')
      .slice(0, 2)
      .map((l) => JSON.parse(l));
    expect(none.improvements).toEqual([]);
    expect(own.improvements).toHaveLength(8);
    expect(io.out()).toContain('time per unit (min): workdeskTime');
  });
});
