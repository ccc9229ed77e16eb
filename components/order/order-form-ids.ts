/** The ids of one category's order form, which the pre-rendered form and its code share. */
export function orderFormIds(categoryId: string) {
  const base = `order-${categoryId}`;
  return {
    base,
    field: (name: string) => `${base}-${name}`,
    areaFieldset: `${base}-area`,
    areaProblem: `${base}-area-problem`,
    /** Where the message of a kind of area goes: under the kinds, or at the end of the kind's panel. */
    problemSpot: (spot: 'area' | 'postcodes' | 'radius' | 'states') => `${base}-problem-${spot}`,
    exclusiveBox: `${base}-exclusive-box`,
    exclusiveNote: `${base}-exclusive-note`,
    total: `${base}-total`,
    totalLabel: `${base}-total-label`,
  };
}
