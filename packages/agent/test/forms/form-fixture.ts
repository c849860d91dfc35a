import type { DynamicForm, ActionContext } from '@grove/datasource-customizer';
import type {
  ActionFormElement,
  ActionFormMetas,
  DataSource,
  RecordData,
} from '@grove/datasource-toolkit';
import { buildDataSource, caller, libraryDefinition } from '../schema/schema-fixture';

/** A form definition as `addAction` takes it. */
export type Form = DynamicForm<ActionContext>;

/** The library with a global action `Go` on books holding `form` (and `execute`). */
export async function withAction(
  form: Form,
  execute: (context: ActionContext) => void = () => undefined,
): Promise<DataSource> {
  return buildDataSource(libraryDefinition(), customizer =>
    customizer.customizeCollection('books', books =>
      books.addAction('Go', { scope: 'Global', execute, form }),
    ),
  );
}

/** Evaluates the form of `Go`, as the hook routes do. */
export async function evaluate(
  dataSource: DataSource,
  formValues?: RecordData,
  metas?: ActionFormMetas,
): Promise<ActionFormElement[]> {
  return dataSource.getCollection('books').getForm(caller, 'Go', formValues, undefined, metas);
}
