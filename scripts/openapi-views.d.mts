export const VIEW_SCHEMAS_FILE: string;
export function viewSchemasModule(): string;
