import { useEffect } from 'react';

export const PRODUCT_NAME = 'Staykeep';

/** Sets the document title as "<page> · Staykeep" (the product name in every title). */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
