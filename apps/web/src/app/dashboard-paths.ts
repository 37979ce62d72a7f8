/** The catalogue screens' addresses, shared by the routes that link to them. */
export const CATALOGUE_PATH = '/dashboard/parts';
export const LOW_STOCK_PATH = `${CATALOGUE_PATH}?stock=low`;
export const newPartHref = `${CATALOGUE_PATH}/new`;
export const editPartHref = (id: string) => `${CATALOGUE_PATH}/${encodeURIComponent(id)}/edit`;
/** The parts diagrams' admin screens. */
export const DIAGRAMS_ADMIN_PATH = '/dashboard/diagrams';
export const diagramEditHref = (id: string) => `${DIAGRAMS_ADMIN_PATH}/${encodeURIComponent(id)}`;
/** Admin → Brands. */
export const BRANDS_PATH = '/dashboard/brands';
