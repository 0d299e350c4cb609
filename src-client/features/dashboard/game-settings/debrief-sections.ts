import { BEERGAME_DEBRIEF_SECTIONS } from '../../../../src-shared/beergame/constants';
import { LEAN_DEBRIEF_SECTIONS } from '../../../../src-shared/leangame/constants';

/** A game's debrief sections (spec point 9) and their titles' message ids (the debriefs' words). */
export function debriefSectionsOf(gameType: 'beergame' | 'leangame') {
  return gameType === 'leangame'
    ? { sections: LEAN_DEBRIEF_SECTIONS, sectionLabel: (s: string) => `lean.debrief.section.${s}` }
    : { sections: BEERGAME_DEBRIEF_SECTIONS, sectionLabel: (s: string) => `debrief.section.${s}` };
}
