/** Step 0 of a week: the scheduled changes and scheduled messages due that week take effect. */
import type { BeerConfig, FacilityConfig, ScheduledChange } from '../schemas';
import type { BeerState } from '../state';

/** Whether the configuration schedules any change or message at all. */
export function hasScheduled(config: BeerConfig): boolean {
  return config.scheduledChanges.length > 0 || config.configMessages.scheduleList.length > 0;
}

/** Applies the changes and shows the messages scheduled for week `w` (in place on the draft). */
export function applyScheduled(d: BeerState, w: number): void {
  const config = d.config;
  let live = d.live;
  for (const ch of config.scheduledChanges) {
    if (ch.week !== w || ch.field === 'consumerDemand') continue;
    if (live === d.live) live = live.slice();
    applyChange(live, d.index, ch);
  }
  d.live = live;
  const schedule = config.configMessages.scheduleList;
  for (let i = 0; i < schedule.length; i++) {
    const m = schedule[i]!;
    if (m.week === w) {
      d.messages = [
        ...d.messages,
        { id: `s${i}`, to: m.to, text: m.message, week: w, kind: 'scheduled', at: null },
      ];
    }
  }
}

/** Replaces the facilities' parameters that a change sets (consumer demand is read where it arrives). */
function applyChange(live: FacilityConfig[], index: Record<string, number>, ch: ScheduledChange): void {
  if (ch.field === 'consumerDemand') return;
  for (const fid of ch.facilityIds) {
    const i = index[fid];
    if (i === undefined) continue;
    const f = live[i]!;
    if (ch.field === 'leadtime' || ch.field === 'leadtimeVariability' || ch.field === 'visibleWeeks') {
      const capabilities = { ...f.capabilities };
      for (const [capId, cap] of Object.entries(capabilities)) {
        if (ch.pid === undefined || cap.pid === ch.pid)
          capabilities[capId] = { ...cap, [ch.field]: ch.value };
      }
      live[i] = { ...f, capabilities };
    } else {
      const pdata = { ...f.pdata };
      for (const [pid, p] of Object.entries(pdata)) {
        if (ch.pid === undefined || pid === ch.pid) pdata[pid] = { ...p, [ch.field]: ch.value };
      }
      live[i] = { ...f, pdata };
    }
  }
}
