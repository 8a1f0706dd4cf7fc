// usePagedList: a change of query shows as loading from its first committed render, never the
// previous query's rows or total (a filter switch showed the old total for a frame).
import { act, useLayoutEffect, useState } from "react";
import { afterEach, beforeAll, expect, test } from "vitest";
import { usePagedList, type PageResult } from "../../../src/hooks/use-paged-list";
import { applyLocale } from "../../../src/i18n/switch-locale";
import { renderUi } from "../helpers/render-app";

beforeAll(() => applyLocale("en"));

let view: Awaited<ReturnType<typeof renderUi>> | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

test("a new query commits as loading, then its own rows", async () => {
  const answers = new Map<string, (result: PageResult<string>) => void>();
  const commits: string[] = [];
  let choose: (filter: string) => void = () => undefined;
  function Videos() {
    const [filter, setFilter] = useState("all");
    choose = setFilter;
    const list = usePagedList<string>(
      (page) => new Promise((resolve) => answers.set(`${filter}:${page}`, resolve)),
      [filter],
    );
    useLayoutEffect(() => {
      commits.push(`${filter} ${list.initial ? "loading" : `${list.total}/${list.rows.join(",")}`}`);
    });
    return null;
  }
  view = await renderUi(<Videos />);
  await act(async () => answers.get("all:1")!({ list: ["v1", "v2", "v3"], total: 3 }));
  await act(async () => choose("with_products"));
  await act(async () => answers.get("with_products:1")!({ list: ["v2"], total: 1 }));
  expect(commits.filter((commit, index) => commit !== commits[index - 1])).toEqual([
    "all loading",
    "all 3/v1,v2,v3",
    "with_products loading",
    "with_products 1/v2",
  ]);
});
