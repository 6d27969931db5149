import 'reflect-metadata';
import { runMain } from '@platform/config';
import { startWallet } from './wallet.app.js';

await runMain('wallet', () => startWallet(process.env));
