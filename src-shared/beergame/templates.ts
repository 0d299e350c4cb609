/** The beer game's built-in templates: configuration inputs that `resolveConfig` completes. */
import type { BeerConfigInput } from './schemas';

/** The classic game as published (Sterman 1989): rules "The classic game". */
export function classicConfigInput(): BeerConfigInput {
  const stage = (id: string, name: string, from: string) => ({
    id,
    name,
    type: id,
    pdata: { p1: { stock: 12, stockCost: 0.5, backlogCost: 1 } },
    capabilities: {
      A1: {
        pid: 'p1',
        type: 'purchase' as const,
        from,
        ordertime: 2,
        leadtime: 2,
        startOrders: 4,
        visibleWeeks: 2,
      },
    },
  });
  return {
    weeks: 36,
    productsTemplates: [{ id: 'p1', name: 'Beer', productEmoji: '🍺' }],
    consumerDemand: [4, 4, 4, 4, 8],
    facilities: [
      stage('retailer', 'Retailer', 'wholesaler'),
      stage('wholesaler', 'Wholesaler', 'distributor'),
      stage('distributor', 'Distributor', 'factory'),
      {
        id: 'factory',
        name: 'Factory',
        type: 'factory',
        pdata: { p1: { stock: 12, stockCost: 0.5, backlogCost: 1 } },
        capabilities: {
          A1: {
            pid: 'p1',
            type: 'production',
            from: {},
            ordertime: 1,
            leadtime: 2,
            startOrders: 4,
            visibleWeeks: 2,
          },
        },
      },
    ],
  };
}

export const BEERGAME_TEMPLATES = {
  classic: classicConfigInput,
} as const;
export type BeerTemplateId = keyof typeof BEERGAME_TEMPLATES;
export const BEERGAME_TEMPLATE_IDS = Object.keys(BEERGAME_TEMPLATES) as [BeerTemplateId, ...BeerTemplateId[]];
