/** The product's name: the same in every language. */
const PRODUCT_NAME = 'Staykeep';

/** The Staykeep mark and word. */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <span className="brand">
      <svg className="brand__mark" viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="currentColor" />
        <path d="M14 32 32 16l18 16v16a2 2 0 0 1-2 2H38V37H26v13H16a2 2 0 0 1-2-2Z" fill="#fff" />
      </svg>
      {compact ? <span className="visually-hidden">{PRODUCT_NAME}</span> : <span className="brand__name">{PRODUCT_NAME}</span>}
    </span>
  );
}
