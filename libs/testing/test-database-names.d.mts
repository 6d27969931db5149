export function migrationsFingerprint(): string;
export function templateName(): string;
export function testDatabaseName(now?: number): string;
export function testDatabaseCreatedAt(name: string): number | undefined;
