/** What the benchmarks that go through the gateway send: JSON calls and a page of cards. */

/** A JSON request; anything but a 2xx answer fails the benchmark. */
export async function callJson(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status >= 300) throw new Error(`${method} ${url} answered ${String(response.status)}: ${await response.text()}`);
  return response.json();
}

/** `count` cards as a card generator would write them: the page the read benchmarks fetch. */
export function pageOfCards(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => ({
    unique_id: `card-${String(index)}`,
    name: `Card ${String(index)}`,
    quantity: 1 + (index % 3),
    color: '#336699',
    image_url: `https://art.example/cards/${String(index)}.png`,
    card_mask_type: 'rectangle_rounded',
    phys_width_in: 2.5,
    phys_height_in: 3.5,
    sort_order: index,
  }));
}
