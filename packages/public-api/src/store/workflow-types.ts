import type { ActivityLogSource, WireNamed, WireUser } from './activity-log-types';

/** A workflow's webhook trigger, found by the id its signed URL carries. */
export interface WorkflowTrigger {
  readonly workflowId: number;
  readonly name: string;
  readonly projectId: number;
  readonly projectName: string;
  readonly environmentId: number;
  readonly environmentName: string;
  /** Off: the URL answers 404 until it is switched on again (same URL). */
  readonly webhookEnabled: boolean;
  /** Bumped when the URL is regenerated: URLs of older versions answer 400. */
  readonly urlVersion: number;
}

/** A step of a run: one action of the agent on the run's record. */
export interface WorkflowRunStepItem {
  readonly object: 'workflowRunStep';
  readonly index: number;
  readonly actionName: string;
  readonly status: 'pending' | 'running' | 'succeeded' | 'failed' | 'skipped';
  readonly error?: string;
  readonly startedAt?: string;
  readonly finishedAt?: string;
}

/** A run of a workflow on one record. */
export interface WorkflowRunItem {
  readonly object: 'workflowRun';
  readonly id: string;
  readonly workflow: { readonly object: 'workflow'; readonly id: number; readonly name: string };
  readonly environment: WireNamed<'environment'>;
  readonly collection: WireNamed<'collection'>;
  readonly recordId: string;
  readonly status: 'pending' | 'running' | 'succeeded' | 'failed';
  readonly source: ActivityLogSource;
  readonly user: WireUser;
  readonly steps: readonly WorkflowRunStepItem[];
  readonly createdAt: string;
  readonly finishedAt?: string;
}
