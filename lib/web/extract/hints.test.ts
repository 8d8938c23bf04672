import { describe, expect, it } from "vitest";
import { Element } from "domhandler";
import { parseHtml } from "./dom";
import { BOILERPLATE, classWeight, hints, namesBoilerplate } from "./hints";

describe("namesBoilerplate", () => {
  it("reads a boilerplate word with no content word as boilerplate, and a name without either as neither", () => {
    expect(namesBoilerplate("site-footer")).toBe(true);
    expect(namesBoilerplate("grid row")).toBe(false);
  });

  it("reads a block named side as a sidebar, and side within a word as nothing", () => {
    expect(namesBoilerplate("side")).toBe(true);
    expect(namesBoilerplate("spacer side")).toBe(true);
    expect(namesBoilerplate("inside-track")).toBe(false);
    expect(namesBoilerplate("sidewalk-map")).toBe(false);
  });

  it("reads a block named for a listing's filters as boilerplate, and a filter's own parts or states as nothing", () => {
    for (const name of ["filters", "search-facets", "plp_refinements", "grid facet", "cSearchFilter"]) expect(namesBoilerplate(name)).toBe(true);
    for (const name of ["filter-box", "facet-row", "item filter-active", "unfiltered"]) expect(namesBoilerplate(name)).toBe(false);
  });

  it("reads a share bar as boilerplate, and what is shared between parts (shared styles, a shared section) as nothing", () => {
    for (const name of ["share-buttons", "post_share", "sharing", "sharedaddy sd-block"]) {
      expect(namesBoilerplate(name)).toBe(true);
      expect(BOILERPLATE.test(name)).toBe(true);
    }
    for (const name of ["theridge-pdp__grid-inner-shared-css section", "ContentSystem-shared-styles__Body-sc-82e", "shared_game_rating"]) {
      expect(namesBoilerplate(name)).toBe(false);
      expect(BOILERPLATE.test(name)).toBe(false);
    }
  });

  it("reads the comments of testimonials as testimonials, and other comments as comments", () => {
    expect(namesBoilerplate("lf_pdp_fundamentals-testimonials-comments")).toBe(false);
    expect(namesBoilerplate("testimonial-comment-body")).toBe(false);
    expect(namesBoilerplate("post-comments")).toBe(true);
    expect(namesBoilerplate("testimonials sidebar")).toBe(true);
  });

  it("reads a listing's remarks and a section on a community as neither, and comments and replies as boilerplate", () => {
    for (const name of ["ListingRemarks ListingRemarks__withTitle", "remarks", "nwa-community", "learn-community-desc"])
      expect(namesBoilerplate(name)).toBe(false);
    for (const name of ["post-comments", "replies"]) expect(namesBoilerplate(name)).toBe(true);
  });

  it("reads a compound name by its last part: the body's sidebar is a sidebar, a comment's body is a body", () => {
    expect(namesBoilerplate("p-body-sidebar")).toBe(true);
    expect(namesBoilerplate("post_share")).toBe(true);
    expect(namesBoilerplate("comment-body")).toBe(false);
    expect(namesBoilerplate("sidebar-main-content")).toBe(false);
  });

  it("does not split a word that runs the two together, and lets any name ending on content win", () => {
    expect(namesBoilerplate("contentbarheader")).toBe(false);
    expect(namesBoilerplate("p-body-sidebar article-body")).toBe(false);
    expect(namesBoilerplate("p-body-sidebar layout")).toBe(true);
  });

  it("reads a name that sets a style of a part (a property after the part) as saying how it looks, not what it is", () => {
    expect(namesBoilerplate("kt-accordion-wrap kt-pane-header-alignment-left")).toBe(false);
    expect(namesBoilerplate("footer-bg-color")).toBe(false);
    expect(namesBoilerplate("menu-font-size sidebar")).toBe(true);
    // A position is a part of the chrome, not a style of it.
    expect(namesBoilerplate("header-left")).toBe(true);
  });
});

describe("hints", () => {
  it("reads the classes that say what an element is, the same on every reading, on our elements and others", () => {
    const ours = parseHtml(`<div class="md:hidden sidebar has-sidebar pt-[var(--x)]" id="side-col">x</div>`).children[0] as Element;
    const theirs = new Element("div", { class: "md:hidden sidebar has-sidebar pt-[var(--x)]", id: "side-col" });
    for (const el of [ours, theirs, ours]) {
      expect(hints(el)).toBe("sidebar side-col");
      expect(classWeight(el)).toBe(-25);
    }
  });

  it("reads scroll utilities (where an anchor lands) as styling, and a scroller as a scroller", () => {
    const weight = (cls: string) => classWeight(parseHtml(`<section class="${cls}">x</section>`).children[0] as Element);
    expect(weight("group scroll-mt-24")).toBe(0);
    expect(weight("mdx-section g-offset-scroll-margin-top")).toBe(0);
    expect(weight("scroll-smooth prose")).toBe(0);
    expect(weight("news-scroll")).toBe(-25);
  });
});
