/** JSON text of a T: what a cached, already serialized answer is. */
export type Serialized<T> = string & { readonly __serialized: T };
