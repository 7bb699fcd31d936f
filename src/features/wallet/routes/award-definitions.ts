/**
 * The awards the agent's nominations name, by code: each award's title, criteria and prize,
 * from the mission of a task it was given in. A nomination carries only the award's code, an
 * internal name the agent never reads (issue #42): a screen shows the title, or
 * `walletCopy.awardUnnamed` until the mission is known.
 */
import { useQueries } from '@tanstack/react-query'
import type { AwardDefinition, AwardGiven } from '@/api/entities'
import { missionQueryOptions, taskQueryOptions } from '@/features/tasks/api/task-queries'

export function useAwardDefinitions(
  nominations: readonly Pick<AwardGiven, 'code' | 'taskId'>[],
): ReadonlyMap<string, AwardDefinition> {
  // One task per award, one query per task and per mission (a mission may define several).
  const taskOfCode = new Map<string, string>()
  for (const n of nominations) if (!taskOfCode.has(n.code)) taskOfCode.set(n.code, n.taskId)
  const taskIds = [...new Set(taskOfCode.values())]
  const tasks = useQueries({
    queries: taskIds.map((taskId) => ({ ...taskQueryOptions(taskId), retry: false })),
  })
  const missionOfTask = new Map<string, string>()
  tasks.forEach((task, i) => {
    if (task.data) missionOfTask.set(taskIds[i]!, task.data.missionId)
  })
  const missionIds = [...new Set(missionOfTask.values())]
  const missions = useQueries({
    queries: missionIds.map((id) => ({ ...missionQueryOptions(id), retry: false })),
  })
  const definitions = new Map<string, AwardDefinition>()
  for (const [code, taskId] of taskOfCode) {
    const mission = missions[missionIds.indexOf(missionOfTask.get(taskId) ?? '')]?.data
    const definition = mission?.awards.find((a) => a.code === code)
    if (definition) definitions.set(code, definition)
  }
  return definitions
}
