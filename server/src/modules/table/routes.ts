import type { FastifyInstance } from 'fastify';
export async function tableRoutes(_app: FastifyInstance): Promise<void> {}
