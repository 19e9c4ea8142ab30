/**
 * A flow as a list of named steps, each with its undo beside it (STYLE 16; the shape of Medusa's
 * complete-cart workflow, written small). `run` changes the flow's state; `undo`, when given,
 * takes back what `run` did. A step that fails undoes the steps already taken, newest first,
 * then its error goes on; a step that answers STOP ends the flow early, as a success.
 */
export interface Step<State> {
  name: string;
  run(state: State): Promise<void | typeof STOP>;
  undo?(state: State): Promise<void>;
}

/** What a step answers when the flow has its answer already (the same bag checked out again). */
export const STOP = Symbol('stop');

export async function runSteps<State>(steps: Step<State>[], state: State): Promise<State> {
  const done: Step<State>[] = [];
  for (const step of steps) {
    let outcome: void | typeof STOP;
    try {
      outcome = await step.run(state);
    } catch (error) {
      // An undo that fails is the error the caller hears: what it could not take back matters more.
      for (const taken of done.reverse()) await taken.undo?.(state);
      throw error;
    }
    if (outcome === STOP) break;
    done.push(step);
  }
  return state;
}
