import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { prefetchLater } from '../../load-chunk';

/** How far below the screen a chart's place starts loading its code and drawing. */
const AHEAD = '400px';

/**
 * A debrief's chart whose code (the charting library: some 120 KB gzipped, as much as the rest of
 * the results page) is not part of the page's first load: its place keeps `height` until it comes
 * near the screen, or until the code has loaded anyway once the first load is over
 * (`prefetchLater`), or the page is printed, then the chart is drawn there.
 */
export function chartWhenSeen<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  height: number,
): ComponentType<P> {
  const Chart = lazy(async () => ({ default: pick(await load()) }));
  return function ChartWhenSeen(props: P) {
    const place = useRef<HTMLDivElement>(null);
    const [drawn, setDrawn] = useState(false);
    useEffect(() => {
      if (drawn) return;
      const element = place.current;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setDrawn(true);
        },
        { rootMargin: `${AHEAD} 0px` },
      );
      if (element) observer.observe(element);
      const cancel = prefetchLater(() => load().then(() => setDrawn(true)));
      // Printed before then: drawn as soon as its code is there (a second print shows it).
      const printing = () => setDrawn(true);
      window.addEventListener('beforeprint', printing);
      return () => {
        observer.disconnect();
        cancel();
        window.removeEventListener('beforeprint', printing);
      };
    }, [drawn]);
    // `data-chart-place`: where a chart is still to be drawn (test/support/debrief-charts.ts).
    const placeholder = <div ref={place} data-chart-place style={{ minHeight: height }} />;
    if (!drawn) return placeholder;
    return (
      <Suspense fallback={placeholder}>
        <Chart {...props} />
      </Suspense>
    );
  };
}
