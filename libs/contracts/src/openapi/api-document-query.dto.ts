import { IsIn, IsOptional } from 'class-validator';
import { SURFACES, type Surface } from '../routes.js';

/** GET /api/openapi.json?surface=: which surface's document; the web surface's without one. */
export class ApiDocumentQueryDto {
  @IsOptional() @IsIn(SURFACES, { message: `surface must be one of ${SURFACES.join(', ')}` }) surface?: Surface;
}
