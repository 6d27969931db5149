import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  created, ListScheduledTasksQuery, ok, requireUser, SUBJECTS, TaskIdDto, UpdateScheduledTaskDto, validateAs, validateCreateTask, type Envelope,
} from '@platform/contracts';
import { TaskRuns } from '../runs/task-runs.js';
import { ScheduledTasksService } from './scheduled-tasks.service.js';

/** DELETE takes taskId from the body (4.5) or, for a client that sends a DELETE without one, the query. */
const deletedTaskId = (envelope: Envelope) =>
  ({ taskId: (envelope.body as { taskId?: unknown } | null)?.taskId ?? envelope.query.taskId });

@Controller()
export class ScheduledTasksHandlers {
  constructor(private readonly tasks: ScheduledTasksService, private readonly runs: TaskRuns) {}

  @MessagePattern(SUBJECTS.scheduler.listTasks)
  async list(@Payload() envelope: Envelope) {
    return ok(await this.tasks.list(requireUser(envelope).userId, validateAs(ListScheduledTasksQuery, envelope.query).agentId));
  }

  @MessagePattern(SUBJECTS.scheduler.createTask)
  async create(@Payload() envelope: Envelope) {
    return created(await this.tasks.create(requireUser(envelope), validateCreateTask(envelope.body)));
  }

  @MessagePattern(SUBJECTS.scheduler.updateTask)
  async update(@Payload() envelope: Envelope) {
    return ok(await this.tasks.update(requireUser(envelope).userId, validateAs(UpdateScheduledTaskDto, envelope.body)));
  }

  @MessagePattern(SUBJECTS.scheduler.deleteTask)
  async delete(@Payload() envelope: Envelope) {
    return ok(await this.tasks.delete(requireUser(envelope).userId, validateAs(TaskIdDto, deletedTaskId(envelope)).taskId));
  }

  @MessagePattern(SUBJECTS.scheduler.listTaskRuns)
  async listRuns(@Payload() envelope: Envelope) {
    return ok(await this.runs.list(requireUser(envelope).userId, validateAs(TaskIdDto, envelope.params).taskId));
  }
}
