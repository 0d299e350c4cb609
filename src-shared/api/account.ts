import { z } from 'zod';

export const playerName = z.string().trim().min(1).max(40);
