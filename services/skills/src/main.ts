import 'reflect-metadata';
import { runMain } from '@platform/config';
import { startSkills } from './skills.app.js';

await runMain('skills', () => startSkills(process.env));
