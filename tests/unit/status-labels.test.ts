import { describe, expect, it } from 'vitest';
import { staticDictionaries } from '../../domain/dictionaries.js';

/**
 * A status is named once (issue #40): a machine whose states are a stored status takes its labels
 * from the status set the dictionary is made of. Two spellings of one set of states (已启用 in the
 * machine, 启用 in the dictionary) are the sign of labels typed twice: the list said one thing, the
 * refusal another.
 */
const machines = import.meta.glob<{ stateLabels?: Record<string, string> }>('../../machines/*Machine.ts', {
  eager: true,
});

/** The state names without the 已 of a finished step: 已启用 and 启用 name the same state. */
const bare = (labels: Iterable<string>) => [...new Set([...labels].map((l) => l.replace(/^已/, '')))].sort();

describe('machine state labels and dictionaries', () => {
  const dictionaries = Object.entries(staticDictionaries).map(([name, entries]) => ({
    name,
    labels: entries.map((e) => e.label),
  }));
  const labelled = Object.entries(machines).filter(([, m]) => m.stateLabels);

  it('finds the machines and the dictionaries', () => {
    expect(labelled.length).toBeGreaterThan(15);
    expect(dictionaries.length).toBeGreaterThan(30);
  });

  for (const [file, machine] of labelled) {
    const states = Object.values(machine.stateLabels ?? {});
    it(`${file.replace('../../', '')}: states a dictionary also names are spelled as the dictionary spells them`, () => {
      for (const dictionary of dictionaries) {
        const same = bare(states).join('|') === bare(dictionary.labels).join('|');
        if (same)
          expect([...states].sort(), `dictionary ${dictionary.name}`).toEqual([...dictionary.labels].sort());
      }
    });
  }
});
