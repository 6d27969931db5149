import { readFileSync } from 'node:fs';
import { VIEW_SCHEMAS_FILE, viewSchemasModule } from './openapi-views.mjs';

describe('openapi-views', () => {
  it('the committed view schemas are those the view interfaces give (npm run openapi:views)', () => {
    expect(readFileSync(VIEW_SCHEMAS_FILE, 'utf8')).toBe(viewSchemasModule());
  });
});
