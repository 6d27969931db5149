/**
 * A sample's readings as the metrics show them, percentages 0 to 100 (extended-services 4.8): a
 * runtime on several cores reports cpu above 100, and memory is its share of the runtime's limit.
 * SQL over container_metrics' columns, so every aggregate holds them the same way.
 */
export const CPU_PERCENT = 'least(greatest(cpu_percent, 0), 100)';
export const MEMORY_PERCENT = 'CASE WHEN memory_limit_bytes > 0 THEN least(memory_bytes * 100.0 / memory_limit_bytes, 100)::double precision ELSE 0 END';
