/**
 * The lean debrief's charts, drawn as they come near the screen (ui/debrief/chart-when-seen.tsx):
 * their code is not part of the results page's first load. Each keeps about its height meanwhile.
 */
import { loadChunk } from '../../../load-chunk';
import { chartWhenSeen } from '../../../ui/debrief/chart-when-seen';

const loadCharts = () => loadChunk(() => import('./charts'));
export const PnlChart = chartWhenSeen(loadCharts, (charts) => charts.PnlChart, 250);
export const ResourceChart = chartWhenSeen(loadCharts, (charts) => charts.ResourceChart, 250);
export const StationBars = chartWhenSeen(loadCharts, (charts) => charts.StationBars, 250);
export const TimeByCategoryChart = chartWhenSeen(loadCharts, (charts) => charts.TimeByCategoryChart, 250);
export const WipChart = chartWhenSeen(loadCharts, (charts) => charts.WipChart, 280);
