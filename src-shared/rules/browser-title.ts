/**
 * The browser's title (spec point 2: "The browser title is the route title, else a default product
 * title, else the portal hero title when a portal look is active"). A white-label portal shows
 * its partner's name, never ours: there the hero title stands where the product's default would.
 * Blank texts count as none.
 */
export function browserTitle(sources: {
  /** The page's own title (its route's), when it has one. */
  route?: string | null;
  /** The product's default title (`app.name`). */
  product: string;
  /** The active portal's hero title; null or absent when no portal look is active. */
  hero?: string | null;
}): string {
  const route = sources.route?.trim();
  if (route) return route;
  const hero = sources.hero?.trim();
  return hero || sources.product;
}
