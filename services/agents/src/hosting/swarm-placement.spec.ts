import { pickNode, pinnedNode, pinTo, type SwarmNode } from './swarm-placement.js';

const node = (ID: string, state = 'ready', availability = 'active', labels: Record<string, string> = {}): SwarmNode =>
  ({ ID, Spec: { Availability: availability, Labels: labels }, Status: { State: state } });

describe('pickNode', () => {
  it('picks the node holding the fewest agents', () => {
    expect(pickNode([node('a'), node('b'), node('c')], new Map([['a', 3], ['b', 1], ['c', 2]]), 'a', '')?.ID).toBe('b');
  });

  it('prefers the engine\'s own node on a tie, then the lowest id', () => {
    expect(pickNode([node('a'), node('b'), node('c')], new Map(), 'c', '')?.ID).toBe('c');
    expect(pickNode([node('b'), node('a')], new Map(), 'z', '')?.ID).toBe('a');
  });

  it('passes over nodes that are down, drained or paused', () => {
    expect(pickNode([node('a', 'down'), node('b', 'ready', 'drain'), node('c', 'ready', 'pause'), node('d')], new Map([['d', 9]]), 'a', '')?.ID).toBe('d');
  });

  it('takes only nodes carrying the label when one is asked for', () => {
    const nodes = [node('a'), node('b', 'ready', 'active', { agents: 'true' }), node('c', 'ready', 'active', { agents: 'false' })];
    expect(pickNode(nodes, new Map([['b', 5]]), 'a', 'agents')?.ID).toBe('b');
  });

  it('finds none when no node qualifies', () => {
    expect(pickNode([node('a', 'down')], new Map(), 'a', '')).toBeUndefined();
  });
});

describe('pinnedNode', () => {
  it('reads back the node a service is pinned to among its constraints', () => {
    expect(pinnedNode(['node.role==worker', pinTo('n1')])).toBe('n1');
    expect(pinnedNode(['node.id == n2'])).toBe('n2');
  });

  it('finds none without a node.id constraint', () => {
    expect(pinnedNode(['node.labels.agents==true'])).toBeUndefined();
    expect(pinnedNode(undefined)).toBeUndefined();
  });
});
