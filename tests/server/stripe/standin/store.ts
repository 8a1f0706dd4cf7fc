// The stand-in's memory: every object by id, what checkout sessions will put on the intents
// they create (payment_intent_data / setup_intent_data), saved cards marked to decline, and the
// events Stripe would send, in order. `expanded` answers an object with its `expand[]` paths
// replaced by the objects they name, as Stripe does.
import { eventObject, missing, type StripeObject } from "./objects";

export interface IntentData {
  description: string | null;
  metadata: Record<string, string>;
  setupFutureUsage: string | null;
}

export interface Decline {
  code: string;
  declineCode: string | null;
}

export class StandInStore {
  readonly objects = new Map<string, StripeObject>();
  readonly intentData = new Map<string, IntentData>();
  readonly declining = new Map<string, Decline>();
  readonly events: StripeObject[] = [];

  save<T extends StripeObject>(object: T): T {
    this.objects.set(object.id, object);
    return object;
  }

  get(kind: string, id: string): StripeObject {
    const found = this.objects.get(id);
    if (!found || found.object !== kind) throw missing(kind, id);
    return found;
  }

  all(kind: string): StripeObject[] {
    return [...this.objects.values()].filter((object) => object.object === kind);
  }

  emit(type: string, object: StripeObject): StripeObject {
    const event = eventObject(type, object);
    this.events.push(event);
    return event;
  }

  expanded(object: StripeObject, paths: readonly string[]): StripeObject {
    const copy = structuredClone(object);
    for (const path of paths) this.expandPath(copy, path.split("."));
    return copy;
  }

  private expandPath(node: Record<string, unknown>, [head, ...rest]: string[]): void {
    let value = node[head];
    const target = typeof value === "string" ? this.objects.get(value) : undefined;
    if (target) {
      value = structuredClone(target);
      node[head] = value;
    }
    if (rest.length > 0 && value && typeof value === "object") this.expandPath(value as Record<string, unknown>, rest);
  }
}
