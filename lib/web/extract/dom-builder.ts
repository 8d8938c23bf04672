// Builds domhandler's tree from htmlparser2's events, as its DomHandler does, at half the cost.
//
// domhandler 6 declares its node fields as class fields; on Node 20's V8 each `new Element()` then runs
// an initializer that costs most of a microsecond, which was 40 % of parsing a 300 kB page. The nodes
// made here are plain constructor assignments on domhandler's own prototypes: the same shape, the same
// getters and methods, and `instanceof Element` still holds.
import { type ChildNode, Comment, Document, Element, type ParentNode, ProcessingInstruction, Text } from "domhandler";
import { ElementType, type Handler } from "htmlparser2";

// Function constructors whose prototype *is* domhandler's: `new` on them allocates with the right map
// at once (Object.create, or a class whose prototype was re-parented, measured slower than domhandler's
// own). Each assigns domhandler's Node fields itself, in one order: a shared helper made the stores
// polymorphic.
function PlainElement(this: Element, name: string, attribs: Record<string, string>): void {
  this.parent = null;
  this.prev = null;
  this.next = null;
  this.startIndex = null;
  this.endIndex = null;
  this.children = [];
  this.name = name;
  this.attribs = attribs;
  this.type = name === "script" ? ElementType.Script : name === "style" ? ElementType.Style : ElementType.Tag;
}
function PlainText(this: Text, data: string): void {
  this.parent = null;
  this.prev = null;
  this.next = null;
  this.startIndex = null;
  this.endIndex = null;
  this.data = data;
  (this as { type: Text["type"] }).type = ElementType.Text;
}
function PlainComment(this: Comment, data: string): void {
  this.parent = null;
  this.prev = null;
  this.next = null;
  this.startIndex = null;
  this.endIndex = null;
  this.data = data;
  (this as { type: Comment["type"] }).type = ElementType.Comment;
}
PlainElement.prototype = Element.prototype;
PlainText.prototype = Text.prototype;
PlainComment.prototype = Comment.prototype;

const ElementNode = PlainElement as unknown as new (name: string, attribs: Record<string, string>) => Element;
const TextNode = PlainText as unknown as new (data: string) => Text;
const CommentNode = PlainComment as unknown as new (data: string) => Comment;

export class DomBuilder implements Partial<Handler> {
  readonly root = new Document([]);
  private readonly open: ParentNode[] = [this.root];
  /** The text or comment node the next chunk of the same kind joins (the tokenizer splits text at entities). */
  private last: Text | Comment | null = null;

  onopentag(name: string, attribs: Record<string, string>): void {
    const el = new ElementNode(name, attribs);
    this.append(el);
    this.open.push(el);
  }

  onclosetag(): void {
    this.last = null;
    this.open.pop();
  }

  ontext(data: string): void {
    const last = this.last;
    if (last?.type === ElementType.Text) last.data += data;
    else this.last = this.append(new TextNode(data));
  }

  oncomment(data: string): void {
    const last = this.last;
    if (last?.type === ElementType.Comment) last.data += data;
    else this.last = this.append(new CommentNode(data));
  }

  oncommentend(): void {
    this.last = null;
  }

  onprocessinginstruction(name: string, data: string): void {
    this.append(new ProcessingInstruction(name, data));
  }

  private append<T extends ChildNode>(node: T): T {
    const parent = this.open[this.open.length - 1]!;
    const siblings = parent.children;
    const prev = siblings[siblings.length - 1];
    siblings.push(node);
    if (prev) {
      node.prev = prev;
      prev.next = node;
    }
    node.parent = parent;
    this.last = null;
    return node;
  }
}
