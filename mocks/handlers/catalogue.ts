/** Catalogue: projects, missions and evaluation forms, readable by any signed-in agent. */
import { type BackendContext, notFound, plain, requireAgent, typedHttp } from './support'

export function catalogueHandlers(ctx: BackendContext) {
  const http = typedHttp(ctx)
  return [
    http.get('/projects/{id}', ({ request, params, response }) => {
      requireAgent(ctx, request)
      const project = ctx.db.projects.findFirst((q) => q.where({ id: params.id }))
      if (!project) throw notFound('Projeto não encontrado.')
      return response(200).json(plain(project))
    }),

    http.get('/missions/{id}', ({ request, params, response }) => {
      requireAgent(ctx, request)
      const mission = ctx.db.missions.findFirst((q) => q.where({ id: params.id }))
      if (!mission) throw notFound('Missão não encontrada.')
      return response(200).json(plain(mission))
    }),

    http.get('/forms/{id}', ({ request, params, response }) => {
      requireAgent(ctx, request)
      const form = ctx.db.forms.findFirst((q) => q.where({ id: params.id }))
      if (!form) throw notFound('Questionário não encontrado.')
      return response(200).json(plain(form))
    }),
  ]
}
