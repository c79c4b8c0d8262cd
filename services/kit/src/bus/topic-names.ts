/** Maps service-facing topic and group names to broker names under an optional namespace. */
export class TopicNames {
  private readonly prefix: string;

  constructor(namespace?: string) {
    this.prefix = namespace ? `${namespace}.` : '';
  }

  outward(name: string): string {
    return this.prefix + name;
  }

  inward(name: string): string {
    return this.prefix && name.startsWith(this.prefix) ? name.slice(this.prefix.length) : name;
  }
}
