import { createRequire as __molCreateRequire } from 'node:module'; const require = __molCreateRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// node_modules/yaml/dist/nodes/identity.js
var require_identity = __commonJS({
  "node_modules/yaml/dist/nodes/identity.js"(exports) {
    "use strict";
    var ALIAS = /* @__PURE__ */ Symbol.for("yaml.alias");
    var DOC = /* @__PURE__ */ Symbol.for("yaml.document");
    var MAP = /* @__PURE__ */ Symbol.for("yaml.map");
    var PAIR = /* @__PURE__ */ Symbol.for("yaml.pair");
    var SCALAR = /* @__PURE__ */ Symbol.for("yaml.scalar");
    var SEQ = /* @__PURE__ */ Symbol.for("yaml.seq");
    var NODE_TYPE = /* @__PURE__ */ Symbol.for("yaml.node.type");
    var isAlias = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === ALIAS;
    var isDocument = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === DOC;
    var isMap2 = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === MAP;
    var isPair = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === PAIR;
    var isScalar = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === SCALAR;
    var isSeq = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === SEQ;
    function isCollection(node2) {
      if (node2 && typeof node2 === "object")
        switch (node2[NODE_TYPE]) {
          case MAP:
          case SEQ:
            return true;
        }
      return false;
    }
    function isNode(node2) {
      if (node2 && typeof node2 === "object")
        switch (node2[NODE_TYPE]) {
          case ALIAS:
          case MAP:
          case SCALAR:
          case SEQ:
            return true;
        }
      return false;
    }
    var hasAnchor = (node2) => (isScalar(node2) || isCollection(node2)) && !!node2.anchor;
    exports.ALIAS = ALIAS;
    exports.DOC = DOC;
    exports.MAP = MAP;
    exports.NODE_TYPE = NODE_TYPE;
    exports.PAIR = PAIR;
    exports.SCALAR = SCALAR;
    exports.SEQ = SEQ;
    exports.hasAnchor = hasAnchor;
    exports.isAlias = isAlias;
    exports.isCollection = isCollection;
    exports.isDocument = isDocument;
    exports.isMap = isMap2;
    exports.isNode = isNode;
    exports.isPair = isPair;
    exports.isScalar = isScalar;
    exports.isSeq = isSeq;
  }
});

// node_modules/yaml/dist/visit.js
var require_visit = __commonJS({
  "node_modules/yaml/dist/visit.js"(exports) {
    "use strict";
    var identity = require_identity();
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove node");
    function visit2(node2, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node2)) {
        const cd = visit_(null, node2.contents, visitor_, Object.freeze([node2]));
        if (cd === REMOVE)
          node2.contents = null;
      } else
        visit_(null, node2, visitor_, Object.freeze([]));
    }
    visit2.BREAK = BREAK;
    visit2.SKIP = SKIP;
    visit2.REMOVE = REMOVE;
    function visit_(key, node2, visitor, path) {
      const ctrl = callVisitor(key, node2, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visit_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node2)) {
          path = Object.freeze(path.concat(node2));
          for (let i = 0; i < node2.items.length; ++i) {
            const ci = visit_(i, node2.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node2.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node2)) {
          path = Object.freeze(path.concat(node2));
          const ck = visit_("key", node2.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node2.key = null;
          const cv = visit_("value", node2.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node2.value = null;
        }
      }
      return ctrl;
    }
    async function visitAsync(node2, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node2)) {
        const cd = await visitAsync_(null, node2.contents, visitor_, Object.freeze([node2]));
        if (cd === REMOVE)
          node2.contents = null;
      } else
        await visitAsync_(null, node2, visitor_, Object.freeze([]));
    }
    visitAsync.BREAK = BREAK;
    visitAsync.SKIP = SKIP;
    visitAsync.REMOVE = REMOVE;
    async function visitAsync_(key, node2, visitor, path) {
      const ctrl = await callVisitor(key, node2, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visitAsync_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node2)) {
          path = Object.freeze(path.concat(node2));
          for (let i = 0; i < node2.items.length; ++i) {
            const ci = await visitAsync_(i, node2.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node2.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node2)) {
          path = Object.freeze(path.concat(node2));
          const ck = await visitAsync_("key", node2.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node2.key = null;
          const cv = await visitAsync_("value", node2.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node2.value = null;
        }
      }
      return ctrl;
    }
    function initVisitor(visitor) {
      if (typeof visitor === "object" && (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
          Alias: visitor.Node,
          Map: visitor.Node,
          Scalar: visitor.Node,
          Seq: visitor.Node
        }, visitor.Value && {
          Map: visitor.Value,
          Scalar: visitor.Value,
          Seq: visitor.Value
        }, visitor.Collection && {
          Map: visitor.Collection,
          Seq: visitor.Collection
        }, visitor);
      }
      return visitor;
    }
    function callVisitor(key, node2, visitor, path) {
      if (typeof visitor === "function")
        return visitor(key, node2, path);
      if (identity.isMap(node2))
        return visitor.Map?.(key, node2, path);
      if (identity.isSeq(node2))
        return visitor.Seq?.(key, node2, path);
      if (identity.isPair(node2))
        return visitor.Pair?.(key, node2, path);
      if (identity.isScalar(node2))
        return visitor.Scalar?.(key, node2, path);
      if (identity.isAlias(node2))
        return visitor.Alias?.(key, node2, path);
      return void 0;
    }
    function replaceNode(key, path, node2) {
      const parent = path[path.length - 1];
      if (identity.isCollection(parent)) {
        parent.items[key] = node2;
      } else if (identity.isPair(parent)) {
        if (key === "key")
          parent.key = node2;
        else
          parent.value = node2;
      } else if (identity.isDocument(parent)) {
        parent.contents = node2;
      } else {
        const pt = identity.isAlias(parent) ? "alias" : "scalar";
        throw new Error(`Cannot replace node with ${pt} parent`);
      }
    }
    exports.visit = visit2;
    exports.visitAsync = visitAsync;
  }
});

// node_modules/yaml/dist/doc/directives.js
var require_directives = __commonJS({
  "node_modules/yaml/dist/doc/directives.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit2 = require_visit();
    var escapeChars = {
      "!": "%21",
      ",": "%2C",
      "[": "%5B",
      "]": "%5D",
      "{": "%7B",
      "}": "%7D"
    };
    var escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, (ch) => escapeChars[ch]);
    var Directives = class _Directives {
      constructor(yaml, tags) {
        this.docStart = null;
        this.docEnd = false;
        this.yaml = Object.assign({}, _Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, _Directives.defaultTags, tags);
      }
      clone() {
        const copy = new _Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
      }
      /**
       * During parsing, get a Directives instance for the current document and
       * update the stream state according to the current version's spec.
       */
      atDocument() {
        const res = new _Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
          case "1.1":
            this.atNextDocument = true;
            break;
          case "1.2":
            this.atNextDocument = false;
            this.yaml = {
              explicit: _Directives.defaultYaml.explicit,
              version: "1.2"
            };
            this.tags = Object.assign({}, _Directives.defaultTags);
            break;
        }
        return res;
      }
      /**
       * @param onError - May be called even if the action was successful
       * @returns `true` on success
       */
      add(line, onError) {
        if (this.atNextDocument) {
          this.yaml = { explicit: _Directives.defaultYaml.explicit, version: "1.1" };
          this.tags = Object.assign({}, _Directives.defaultTags);
          this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
          case "%TAG": {
            if (parts.length !== 2) {
              onError(0, "%TAG directive should contain exactly two parts");
              if (parts.length < 2)
                return false;
            }
            const [handle, prefix] = parts;
            this.tags[handle] = prefix;
            return true;
          }
          case "%YAML": {
            this.yaml.explicit = true;
            if (parts.length !== 1) {
              onError(0, "%YAML directive should contain exactly one part");
              return false;
            }
            const [version2] = parts;
            if (version2 === "1.1" || version2 === "1.2") {
              this.yaml.version = version2;
              return true;
            } else {
              const isValid = /^\d+\.\d+$/.test(version2);
              onError(6, `Unsupported YAML version ${version2}`, isValid);
              return false;
            }
          }
          default:
            onError(0, `Unknown directive ${name}`, true);
            return false;
        }
      }
      /**
       * Resolves a tag, matching handles to those defined in %TAG directives.
       *
       * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
       *   `'!local'` tag, or `null` if unresolvable.
       */
      tagName(source, onError) {
        if (source === "!")
          return "!";
        if (source[0] !== "!") {
          onError(`Not a valid tag: ${source}`);
          return null;
        }
        if (source[1] === "<") {
          const verbatim = source.slice(2, -1);
          if (verbatim === "!" || verbatim === "!!") {
            onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
            return null;
          }
          if (source[source.length - 1] !== ">")
            onError("Verbatim tags must end with a >");
          return verbatim;
        }
        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
          onError(`The ${source} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
          try {
            return prefix + decodeURIComponent(suffix);
          } catch (error2) {
            onError(String(error2));
            return null;
          }
        }
        if (handle === "!")
          return source;
        onError(`Could not resolve tag: ${source}`);
        return null;
      }
      /**
       * Given a fully resolved tag, returns its printable string form,
       * taking into account current tag prefixes and defaults.
       */
      tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
          if (tag.startsWith(prefix))
            return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === "!" ? tag : `!<${tag}>`;
      }
      toString(doc) {
        const lines = this.yaml.explicit ? [`%YAML ${this.yaml.version || "1.2"}`] : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity.isNode(doc.contents)) {
          const tags = {};
          visit2.visit(doc.contents, (_key, node2) => {
            if (identity.isNode(node2) && node2.tag)
              tags[node2.tag] = true;
          });
          tagNames = Object.keys(tags);
        } else
          tagNames = [];
        for (const [handle, prefix] of tagEntries) {
          if (handle === "!!" && prefix === "tag:yaml.org,2002:")
            continue;
          if (!doc || tagNames.some((tn) => tn.startsWith(prefix)))
            lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join("\n");
      }
    };
    Directives.defaultYaml = { explicit: false, version: "1.2" };
    Directives.defaultTags = { "!!": "tag:yaml.org,2002:" };
    exports.Directives = Directives;
  }
});

// node_modules/yaml/dist/doc/anchors.js
var require_anchors = __commonJS({
  "node_modules/yaml/dist/doc/anchors.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit2 = require_visit();
    function anchorIsValid(anchor2) {
      if (/[\x00-\x19\s,[\]{}]/.test(anchor2)) {
        const sa = JSON.stringify(anchor2);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
      }
      return true;
    }
    function anchorNames(root) {
      const anchors = /* @__PURE__ */ new Set();
      visit2.visit(root, {
        Value(_key, node2) {
          if (node2.anchor)
            anchors.add(node2.anchor);
        }
      });
      return anchors;
    }
    function findNewAnchor(prefix, exclude) {
      for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
          return name;
      }
    }
    function createNodeAnchors(doc, prefix) {
      const aliasObjects = [];
      const sourceObjects = /* @__PURE__ */ new Map();
      let prevAnchors = null;
      return {
        onAnchor: (source) => {
          aliasObjects.push(source);
          prevAnchors ?? (prevAnchors = anchorNames(doc));
          const anchor2 = findNewAnchor(prefix, prevAnchors);
          prevAnchors.add(anchor2);
          return anchor2;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
          for (const source of aliasObjects) {
            const ref = sourceObjects.get(source);
            if (typeof ref === "object" && ref.anchor && (identity.isScalar(ref.node) || identity.isCollection(ref.node))) {
              ref.node.anchor = ref.anchor;
            } else {
              const error2 = new Error("Failed to resolve repeated object (this should not happen)");
              error2.source = source;
              throw error2;
            }
          }
        },
        sourceObjects
      };
    }
    exports.anchorIsValid = anchorIsValid;
    exports.anchorNames = anchorNames;
    exports.createNodeAnchors = createNodeAnchors;
    exports.findNewAnchor = findNewAnchor;
  }
});

// node_modules/yaml/dist/doc/applyReviver.js
var require_applyReviver = __commonJS({
  "node_modules/yaml/dist/doc/applyReviver.js"(exports) {
    "use strict";
    function applyReviver(reviver, obj, key, val) {
      if (val && typeof val === "object") {
        if (Array.isArray(val)) {
          for (let i = 0, len = val.length; i < len; ++i) {
            const v0 = val[i];
            const v1 = applyReviver(reviver, val, String(i), v0);
            if (v1 === void 0)
              delete val[i];
            else if (v1 !== v0)
              val[i] = v1;
          }
        } else if (val instanceof Map) {
          for (const k of Array.from(val.keys())) {
            const v0 = val.get(k);
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              val.delete(k);
            else if (v1 !== v0)
              val.set(k, v1);
          }
        } else if (val instanceof Set) {
          for (const v0 of Array.from(val)) {
            const v1 = applyReviver(reviver, val, v0, v0);
            if (v1 === void 0)
              val.delete(v0);
            else if (v1 !== v0) {
              val.delete(v0);
              val.add(v1);
            }
          }
        } else {
          for (const [k, v0] of Object.entries(val)) {
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              delete val[k];
            else if (v1 !== v0)
              val[k] = v1;
          }
        }
      }
      return reviver.call(obj, key, val);
    }
    exports.applyReviver = applyReviver;
  }
});

// node_modules/yaml/dist/nodes/toJS.js
var require_toJS = __commonJS({
  "node_modules/yaml/dist/nodes/toJS.js"(exports) {
    "use strict";
    var identity = require_identity();
    function toJS(value, arg, ctx) {
      if (Array.isArray(value))
        return value.map((v, i) => toJS(v, String(i), ctx));
      if (value && typeof value.toJSON === "function") {
        if (!ctx || !identity.hasAnchor(value))
          return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: void 0 };
        ctx.anchors.set(value, data);
        ctx.onCreate = (res2) => {
          data.res = res2;
          delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
        if (ctx.onCreate)
          ctx.onCreate(res);
        return res;
      }
      if (typeof value === "bigint" && !ctx?.keep)
        return Number(value);
      return value;
    }
    exports.toJS = toJS;
  }
});

// node_modules/yaml/dist/nodes/Node.js
var require_Node = __commonJS({
  "node_modules/yaml/dist/nodes/Node.js"(exports) {
    "use strict";
    var applyReviver = require_applyReviver();
    var identity = require_identity();
    var toJS = require_toJS();
    var NodeBase = class {
      constructor(type) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: type });
      }
      /** Create a copy of this node.  */
      clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** A plain JavaScript representation of this node. */
      toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity.isDocument(doc))
          throw new TypeError("A document argument is required");
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc,
          keep: true,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
    };
    exports.NodeBase = NodeBase;
  }
});

// node_modules/yaml/dist/nodes/Alias.js
var require_Alias = __commonJS({
  "node_modules/yaml/dist/nodes/Alias.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var visit2 = require_visit();
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var Alias = class extends Node.NodeBase {
      constructor(source) {
        super(identity.ALIAS);
        this.source = source;
        Object.defineProperty(this, "tag", {
          set() {
            throw new Error("Alias nodes cannot have tags");
          }
        });
      }
      /**
       * Resolve the value of this alias within `doc`, finding the last
       * instance of the `source` anchor before this node.
       */
      resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
          throw new ReferenceError("Alias resolution is disabled");
        let nodes;
        if (ctx?.aliasResolveCache) {
          nodes = ctx.aliasResolveCache;
        } else {
          nodes = [];
          visit2.visit(doc, {
            Node: (_key, node2) => {
              if (identity.isAlias(node2) || identity.hasAnchor(node2))
                nodes.push(node2);
            }
          });
          if (ctx)
            ctx.aliasResolveCache = nodes;
        }
        let found = void 0;
        for (const node2 of nodes) {
          if (node2 === this)
            break;
          if (node2.anchor === this.source)
            found = node2;
        }
        if (found && ctx) {
          const { anchors: anchors2, doc: doc2, maxAliasCount } = ctx;
          let data = anchors2.get(found);
          if (!data) {
            toJS.toJS(found, null, ctx);
            data = anchors2.get(found);
          }
          if (data?.res === void 0) {
            const msg = "This should not happen: Alias anchor was not resolved?";
            throw new ReferenceError(msg);
          }
          if (maxAliasCount >= 0) {
            data.count += 1;
            if (data.aliasCount === 0)
              data.aliasCount = getAliasCount(doc2, found, anchors2);
            if (data.count * data.aliasCount > maxAliasCount) {
              const msg = "Excessive alias count indicates a resource exhaustion attack";
              throw new ReferenceError(msg);
            }
          }
        }
        return found;
      }
      toJSON(_arg, ctx) {
        if (!ctx)
          return { source: this.source };
        const source = this.resolve(ctx.doc, ctx);
        if (!source) {
          const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
          throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source).res;
      }
      toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
          anchors.anchorIsValid(this.source);
          if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new Error(msg);
          }
          if (ctx.implicitKey)
            return `${src} `;
        }
        return src;
      }
    };
    function getAliasCount(doc, node2, anchors2) {
      if (identity.isAlias(node2)) {
        const source = node2.resolve(doc);
        const anchor2 = anchors2 && source && anchors2.get(source);
        return anchor2 ? anchor2.count * anchor2.aliasCount : 0;
      } else if (identity.isCollection(node2)) {
        let count = 0;
        for (const item of node2.items) {
          const c = getAliasCount(doc, item, anchors2);
          if (c > count)
            count = c;
        }
        return count;
      } else if (identity.isPair(node2)) {
        const kc = getAliasCount(doc, node2.key, anchors2);
        const vc = getAliasCount(doc, node2.value, anchors2);
        return Math.max(kc, vc);
      }
      return 1;
    }
    exports.Alias = Alias;
  }
});

// node_modules/yaml/dist/nodes/Scalar.js
var require_Scalar = __commonJS({
  "node_modules/yaml/dist/nodes/Scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var isScalarValue = (value) => !value || typeof value !== "function" && typeof value !== "object";
    var Scalar = class extends Node.NodeBase {
      constructor(value) {
        super(identity.SCALAR);
        this.value = value;
      }
      toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
      }
      toString() {
        return String(this.value);
      }
    };
    Scalar.BLOCK_FOLDED = "BLOCK_FOLDED";
    Scalar.BLOCK_LITERAL = "BLOCK_LITERAL";
    Scalar.PLAIN = "PLAIN";
    Scalar.QUOTE_DOUBLE = "QUOTE_DOUBLE";
    Scalar.QUOTE_SINGLE = "QUOTE_SINGLE";
    exports.Scalar = Scalar;
    exports.isScalarValue = isScalarValue;
  }
});

// node_modules/yaml/dist/doc/createNode.js
var require_createNode = __commonJS({
  "node_modules/yaml/dist/doc/createNode.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var defaultTagPrefix = "tag:yaml.org,2002:";
    function findTagObject(value, tagName, tags) {
      if (tagName) {
        const match = tags.filter((t) => t.tag === tagName);
        const tagObj = match.find((t) => !t.format) ?? match[0];
        if (!tagObj)
          throw new Error(`Tag ${tagName} not found`);
        return tagObj;
      }
      return tags.find((t) => t.identify?.(value) && !t.format);
    }
    function createNode(value, tagName, ctx) {
      if (identity.isDocument(value))
        value = value.contents;
      if (identity.isNode(value))
        return value;
      if (identity.isPair(value)) {
        const map2 = ctx.schema[identity.MAP].createNode?.(ctx.schema, null, ctx);
        map2.items.push(value);
        return map2;
      }
      if (value instanceof String || value instanceof Number || value instanceof Boolean || typeof BigInt !== "undefined" && value instanceof BigInt) {
        value = value.valueOf();
      }
      const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
      let ref = void 0;
      if (aliasDuplicateObjects && value && typeof value === "object") {
        ref = sourceObjects.get(value);
        if (ref) {
          ref.anchor ?? (ref.anchor = onAnchor(value));
          return new Alias.Alias(ref.anchor);
        } else {
          ref = { anchor: null, node: null };
          sourceObjects.set(value, ref);
        }
      }
      if (tagName?.startsWith("!!"))
        tagName = defaultTagPrefix + tagName.slice(2);
      let tagObj = findTagObject(value, tagName, schema.tags);
      if (!tagObj) {
        if (value && typeof value.toJSON === "function") {
          value = value.toJSON();
        }
        if (!value || typeof value !== "object") {
          const node3 = new Scalar.Scalar(value);
          if (ref)
            ref.node = node3;
          return node3;
        }
        tagObj = value instanceof Map ? schema[identity.MAP] : Symbol.iterator in Object(value) ? schema[identity.SEQ] : schema[identity.MAP];
      }
      if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
      }
      const node2 = tagObj?.createNode ? tagObj.createNode(ctx.schema, value, ctx) : typeof tagObj?.nodeClass?.from === "function" ? tagObj.nodeClass.from(ctx.schema, value, ctx) : new Scalar.Scalar(value);
      if (tagName)
        node2.tag = tagName;
      else if (!tagObj.default)
        node2.tag = tagObj.tag;
      if (ref)
        ref.node = node2;
      return node2;
    }
    exports.createNode = createNode;
  }
});

// node_modules/yaml/dist/nodes/Collection.js
var require_Collection = __commonJS({
  "node_modules/yaml/dist/nodes/Collection.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var identity = require_identity();
    var Node = require_Node();
    function collectionFromPath(schema, path, value) {
      let v = value;
      for (let i = path.length - 1; i >= 0; --i) {
        const k = path[i];
        if (typeof k === "number" && Number.isInteger(k) && k >= 0) {
          const a = [];
          a[k] = v;
          v = a;
        } else {
          v = /* @__PURE__ */ new Map([[k, v]]);
        }
      }
      return createNode.createNode(v, void 0, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
          throw new Error("This should not happen, please report a bug.");
        },
        schema,
        sourceObjects: /* @__PURE__ */ new Map()
      });
    }
    var isEmptyPath = (path) => path == null || typeof path === "object" && !!path[Symbol.iterator]().next().done;
    var Collection = class extends Node.NodeBase {
      constructor(type, schema) {
        super(type);
        Object.defineProperty(this, "schema", {
          value: schema,
          configurable: true,
          enumerable: false,
          writable: true
        });
      }
      /**
       * Create a copy of this collection.
       *
       * @param schema - If defined, overwrites the original's schema
       */
      clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
          copy.schema = schema;
        copy.items = copy.items.map((it) => identity.isNode(it) || identity.isPair(it) ? it.clone(schema) : it);
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /**
       * Adds a value to the collection. For `!!map` and `!!omap` the value must
       * be a Pair instance or a `{ key, value }` object, which may not have a key
       * that already exists in the map.
       */
      addIn(path, value) {
        if (isEmptyPath(path))
          this.add(value);
        else {
          const [key, ...rest] = path;
          const node2 = this.get(key, true);
          if (identity.isCollection(node2))
            node2.addIn(rest, value);
          else if (node2 === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
      /**
       * Removes a value from the collection.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.delete(key);
        const node2 = this.get(key, true);
        if (identity.isCollection(node2))
          return node2.deleteIn(rest);
        else
          throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        const [key, ...rest] = path;
        const node2 = this.get(key, true);
        if (rest.length === 0)
          return !keepScalar && identity.isScalar(node2) ? node2.value : node2;
        else
          return identity.isCollection(node2) ? node2.getIn(rest, keepScalar) : void 0;
      }
      hasAllNullValues(allowScalar) {
        return this.items.every((node2) => {
          if (!identity.isPair(node2))
            return false;
          const n = node2.value;
          return n == null || allowScalar && identity.isScalar(n) && n.value == null && !n.commentBefore && !n.comment && !n.tag;
        });
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       */
      hasIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.has(key);
        const node2 = this.get(key, true);
        return identity.isCollection(node2) ? node2.hasIn(rest) : false;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        const [key, ...rest] = path;
        if (rest.length === 0) {
          this.set(key, value);
        } else {
          const node2 = this.get(key, true);
          if (identity.isCollection(node2))
            node2.setIn(rest, value);
          else if (node2 === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
    };
    exports.Collection = Collection;
    exports.collectionFromPath = collectionFromPath;
    exports.isEmptyPath = isEmptyPath;
  }
});

// node_modules/yaml/dist/stringify/stringifyComment.js
var require_stringifyComment = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyComment.js"(exports) {
    "use strict";
    var stringifyComment = (str) => str.replace(/^(?!$)(?: $)?/gm, "#");
    function indentComment(comment, indent) {
      if (/^\n+$/.test(comment))
        return comment.substring(1);
      return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
    }
    var lineComment = (str, indent, comment) => str.endsWith("\n") ? indentComment(comment, indent) : comment.includes("\n") ? "\n" + indentComment(comment, indent) : (str.endsWith(" ") ? "" : " ") + comment;
    exports.indentComment = indentComment;
    exports.lineComment = lineComment;
    exports.stringifyComment = stringifyComment;
  }
});

// node_modules/yaml/dist/stringify/foldFlowLines.js
var require_foldFlowLines = __commonJS({
  "node_modules/yaml/dist/stringify/foldFlowLines.js"(exports) {
    "use strict";
    var FOLD_FLOW = "flow";
    var FOLD_BLOCK = "block";
    var FOLD_QUOTED = "quoted";
    function foldFlowLines(text2, indent, mode = "flow", { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
      if (!lineWidth || lineWidth < 0)
        return text2;
      if (lineWidth < minContentWidth)
        minContentWidth = 0;
      const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
      if (text2.length <= endStep)
        return text2;
      const folds = [];
      const escapedFolds = {};
      let end = lineWidth - indent.length;
      if (typeof indentAtStart === "number") {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
          folds.push(0);
        else
          end = lineWidth - indentAtStart;
      }
      let split = void 0;
      let prev = void 0;
      let overflow = false;
      let i = -1;
      let escStart = -1;
      let escEnd = -1;
      if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text2, i, indent.length);
        if (i !== -1)
          end = i + endStep;
      }
      for (let ch; ch = text2[i += 1]; ) {
        if (mode === FOLD_QUOTED && ch === "\\") {
          escStart = i;
          switch (text2[i + 1]) {
            case "x":
              i += 3;
              break;
            case "u":
              i += 5;
              break;
            case "U":
              i += 9;
              break;
            default:
              i += 1;
          }
          escEnd = i;
        }
        if (ch === "\n") {
          if (mode === FOLD_BLOCK)
            i = consumeMoreIndentedLines(text2, i, indent.length);
          end = i + indent.length + endStep;
          split = void 0;
        } else {
          if (ch === " " && prev && prev !== " " && prev !== "\n" && prev !== "	") {
            const next = text2[i + 1];
            if (next && next !== " " && next !== "\n" && next !== "	")
              split = i;
          }
          if (i >= end) {
            if (split) {
              folds.push(split);
              end = split + endStep;
              split = void 0;
            } else if (mode === FOLD_QUOTED) {
              while (prev === " " || prev === "	") {
                prev = ch;
                ch = text2[i += 1];
                overflow = true;
              }
              const j = i > escEnd + 1 ? i - 2 : escStart - 1;
              if (escapedFolds[j])
                return text2;
              folds.push(j);
              escapedFolds[j] = true;
              end = j + endStep;
              split = void 0;
            } else {
              overflow = true;
            }
          }
        }
        prev = ch;
      }
      if (overflow && onOverflow)
        onOverflow();
      if (folds.length === 0)
        return text2;
      if (onFold)
        onFold();
      let res = text2.slice(0, folds[0]);
      for (let i2 = 0; i2 < folds.length; ++i2) {
        const fold = folds[i2];
        const end2 = folds[i2 + 1] || text2.length;
        if (fold === 0)
          res = `
${indent}${text2.slice(0, end2)}`;
        else {
          if (mode === FOLD_QUOTED && escapedFolds[fold])
            res += `${text2[fold]}\\`;
          res += `
${indent}${text2.slice(fold + 1, end2)}`;
        }
      }
      return res;
    }
    function consumeMoreIndentedLines(text2, i, indent) {
      let end = i;
      let start2 = i + 1;
      let ch = text2[start2];
      while (ch === " " || ch === "	") {
        if (i < start2 + indent) {
          ch = text2[++i];
        } else {
          do {
            ch = text2[++i];
          } while (ch && ch !== "\n");
          end = i;
          start2 = i + 1;
          ch = text2[start2];
        }
      }
      return end;
    }
    exports.FOLD_BLOCK = FOLD_BLOCK;
    exports.FOLD_FLOW = FOLD_FLOW;
    exports.FOLD_QUOTED = FOLD_QUOTED;
    exports.foldFlowLines = foldFlowLines;
  }
});

// node_modules/yaml/dist/stringify/stringifyString.js
var require_stringifyString = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyString.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var foldFlowLines = require_foldFlowLines();
    var getFoldOptions = (ctx, isBlock) => ({
      indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
      lineWidth: ctx.options.lineWidth,
      minContentWidth: ctx.options.minContentWidth
    });
    var containsDocumentMarker = (str) => /^(%|---|\.\.\.)/m.test(str);
    function lineLengthOverLimit(str, lineWidth, indentLength) {
      if (!lineWidth || lineWidth < 0)
        return false;
      const limit = lineWidth - indentLength;
      const strLen = str.length;
      if (strLen <= limit)
        return false;
      for (let i = 0, start2 = 0; i < strLen; ++i) {
        if (str[i] === "\n") {
          if (i - start2 > limit)
            return true;
          start2 = i + 1;
          if (strLen - start2 <= limit)
            return false;
        }
      }
      return true;
    }
    function doubleQuotedString(value, ctx) {
      const json2 = JSON.stringify(value);
      if (ctx.options.doubleQuotedAsJSON)
        return json2;
      const { implicitKey } = ctx;
      const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      let str = "";
      let start2 = 0;
      for (let i = 0, ch = json2[i]; ch; ch = json2[++i]) {
        if (ch === " " && json2[i + 1] === "\\" && json2[i + 2] === "n") {
          str += json2.slice(start2, i) + "\\ ";
          i += 1;
          start2 = i;
          ch = "\\";
        }
        if (ch === "\\")
          switch (json2[i + 1]) {
            case "u":
              {
                str += json2.slice(start2, i);
                const code = json2.substr(i + 2, 4);
                switch (code) {
                  case "0000":
                    str += "\\0";
                    break;
                  case "0007":
                    str += "\\a";
                    break;
                  case "000b":
                    str += "\\v";
                    break;
                  case "001b":
                    str += "\\e";
                    break;
                  case "0085":
                    str += "\\N";
                    break;
                  case "00a0":
                    str += "\\_";
                    break;
                  case "2028":
                    str += "\\L";
                    break;
                  case "2029":
                    str += "\\P";
                    break;
                  default:
                    if (code.substr(0, 2) === "00")
                      str += "\\x" + code.substr(2);
                    else
                      str += json2.substr(i, 6);
                }
                i += 5;
                start2 = i + 1;
              }
              break;
            case "n":
              if (implicitKey || json2[i + 2] === '"' || json2.length < minMultiLineLength) {
                i += 1;
              } else {
                str += json2.slice(start2, i) + "\n\n";
                while (json2[i + 2] === "\\" && json2[i + 3] === "n" && json2[i + 4] !== '"') {
                  str += "\n";
                  i += 2;
                }
                str += indent;
                if (json2[i + 2] === " ")
                  str += "\\";
                i += 1;
                start2 = i + 1;
              }
              break;
            default:
              i += 1;
          }
      }
      str = start2 ? str + json2.slice(start2) : json2;
      return implicitKey ? str : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
    }
    function singleQuotedString(value, ctx) {
      if (ctx.options.singleQuote === false || ctx.implicitKey && value.includes("\n") || /[ \t]\n|\n[ \t]/.test(value))
        return doubleQuotedString(value, ctx);
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&
${indent}`) + "'";
      return ctx.implicitKey ? res : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function quotedString(value, ctx) {
      const { singleQuote } = ctx.options;
      let qs;
      if (singleQuote === false)
        qs = doubleQuotedString;
      else {
        const hasDouble = value.includes('"');
        const hasSingle = value.includes("'");
        if (hasDouble && !hasSingle)
          qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
          qs = doubleQuotedString;
        else
          qs = singleQuote ? singleQuotedString : doubleQuotedString;
      }
      return qs(value, ctx);
    }
    var blockEndNewlines;
    try {
      blockEndNewlines = new RegExp("(^|(?<!\n))\n+(?!\n|$)", "g");
    } catch {
      blockEndNewlines = /\n+(?!\n|$)/g;
    }
    function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
      const { blockQuote, commentString, lineWidth } = ctx.options;
      if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
      }
      const indent = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value) ? "  " : "");
      const literal2 = blockQuote === "literal" ? true : blockQuote === "folded" || type === Scalar.Scalar.BLOCK_FOLDED ? false : type === Scalar.Scalar.BLOCK_LITERAL ? true : !lineLengthOverLimit(value, lineWidth, indent.length);
      if (!value)
        return literal2 ? "|\n" : ">\n";
      let chomp;
      let endStart;
      for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== "\n" && ch !== "	" && ch !== " ")
          break;
      }
      let end = value.substring(endStart);
      const endNlPos = end.indexOf("\n");
      if (endNlPos === -1) {
        chomp = "-";
      } else if (value === end || endNlPos !== end.length - 1) {
        chomp = "+";
        if (onChompKeep)
          onChompKeep();
      } else {
        chomp = "";
      }
      if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === "\n")
          end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent}`);
      }
      let startWithSpace = false;
      let startEnd;
      let startNlPos = -1;
      for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === " ")
          startWithSpace = true;
        else if (ch === "\n")
          startNlPos = startEnd;
        else
          break;
      }
      let start2 = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
      if (start2) {
        value = value.substring(start2.length);
        start2 = start2.replace(/\n+/g, `$&${indent}`);
      }
      const indentSize = indent ? "2" : "1";
      let header = (startWithSpace ? indentSize : "") + chomp;
      if (comment) {
        header += " " + commentString(comment.replace(/ ?[\r\n]+/g, " "));
        if (onComment)
          onComment();
      }
      if (!literal2) {
        const foldedValue = value.replace(/\n+/g, "\n$&").replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, "$1$2").replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== "folded" && type !== Scalar.Scalar.BLOCK_FOLDED) {
          foldOptions.onOverflow = () => {
            literalFallback = true;
          };
        }
        const body = foldFlowLines.foldFlowLines(`${start2}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
          return `>${header}
${indent}${body}`;
      }
      value = value.replace(/\n+/g, `$&${indent}`);
      return `|${header}
${indent}${start2}${value}${end}`;
    }
    function plainString(item, ctx, onComment, onChompKeep) {
      const { type, value } = item;
      const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
      if (implicitKey && value.includes("\n") || inFlow && /[[\]{},]/.test(value)) {
        return quotedString(value, ctx);
      }
      if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        return implicitKey || inFlow || !value.includes("\n") ? quotedString(value, ctx) : blockString(item, ctx, onComment, onChompKeep);
      }
      if (!implicitKey && !inFlow && type !== Scalar.Scalar.PLAIN && value.includes("\n")) {
        return blockString(item, ctx, onComment, onChompKeep);
      }
      if (containsDocumentMarker(value)) {
        if (indent === "") {
          ctx.forceBlockIndent = true;
          return blockString(item, ctx, onComment, onChompKeep);
        } else if (implicitKey && indent === indentStep) {
          return quotedString(value, ctx);
        }
      }
      const str = value.replace(/\n+/g, `$&
${indent}`);
      if (actualString) {
        const test = (tag) => tag.default && tag.tag !== "tag:yaml.org,2002:str" && tag.test?.test(str);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
          return quotedString(value, ctx);
      }
      return implicitKey ? str : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function stringifyString(item, ctx, onComment, onChompKeep) {
      const { implicitKey, inFlow } = ctx;
      const ss = typeof item.value === "string" ? item : Object.assign({}, item, { value: String(item.value) });
      let { type } = item;
      if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
          type = Scalar.Scalar.QUOTE_DOUBLE;
      }
      const _stringify = (_type) => {
        switch (_type) {
          case Scalar.Scalar.BLOCK_FOLDED:
          case Scalar.Scalar.BLOCK_LITERAL:
            return implicitKey || inFlow ? quotedString(ss.value, ctx) : blockString(ss, ctx, onComment, onChompKeep);
          case Scalar.Scalar.QUOTE_DOUBLE:
            return doubleQuotedString(ss.value, ctx);
          case Scalar.Scalar.QUOTE_SINGLE:
            return singleQuotedString(ss.value, ctx);
          case Scalar.Scalar.PLAIN:
            return plainString(ss, ctx, onComment, onChompKeep);
          default:
            return null;
        }
      };
      let res = _stringify(type);
      if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = implicitKey && defaultKeyType || defaultStringType;
        res = _stringify(t);
        if (res === null)
          throw new Error(`Unsupported default string type ${t}`);
      }
      return res;
    }
    exports.stringifyString = stringifyString;
  }
});

// node_modules/yaml/dist/stringify/stringify.js
var require_stringify = __commonJS({
  "node_modules/yaml/dist/stringify/stringify.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var identity = require_identity();
    var stringifyComment = require_stringifyComment();
    var stringifyString = require_stringifyString();
    function createStringifyContext(doc, options) {
      const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: "PLAIN",
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: "false",
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: "null",
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: "true",
        verifyAliasOrder: true
      }, doc.schema.toStringOptions, options);
      let inFlow;
      switch (opt.collectionStyle) {
        case "block":
          inFlow = false;
          break;
        case "flow":
          inFlow = true;
          break;
        default:
          inFlow = null;
      }
      return {
        anchors: /* @__PURE__ */ new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? " " : "",
        indent: "",
        indentStep: typeof opt.indent === "number" ? " ".repeat(opt.indent) : "  ",
        inFlow,
        options: opt
      };
    }
    function getTagObject(tags, item) {
      if (item.tag) {
        const match = tags.filter((t) => t.tag === item.tag);
        if (match.length > 0)
          return match.find((t) => t.format === item.format) ?? match[0];
      }
      let tagObj = void 0;
      let obj;
      if (identity.isScalar(item)) {
        obj = item.value;
        let match = tags.filter((t) => t.identify?.(obj));
        if (match.length > 1) {
          const testMatch = match.filter((t) => t.test);
          if (testMatch.length > 0)
            match = testMatch;
        }
        tagObj = match.find((t) => t.format === item.format) ?? match.find((t) => !t.format);
      } else {
        obj = item;
        tagObj = tags.find((t) => t.nodeClass && obj instanceof t.nodeClass);
      }
      if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? "null" : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
      }
      return tagObj;
    }
    function stringifyProps(node2, tagObj, { anchors: anchors$1, doc }) {
      if (!doc.directives)
        return "";
      const props = [];
      const anchor2 = (identity.isScalar(node2) || identity.isCollection(node2)) && node2.anchor;
      if (anchor2 && anchors.anchorIsValid(anchor2)) {
        anchors$1.add(anchor2);
        props.push(`&${anchor2}`);
      }
      const tag = node2.tag ?? (tagObj.default ? null : tagObj.tag);
      if (tag)
        props.push(doc.directives.tagString(tag));
      return props.join(" ");
    }
    function stringify2(item, ctx, onComment, onChompKeep) {
      if (identity.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
      if (identity.isAlias(item)) {
        if (ctx.doc.directives)
          return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
          throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        } else {
          if (ctx.resolvedAliases)
            ctx.resolvedAliases.add(item);
          else
            ctx.resolvedAliases = /* @__PURE__ */ new Set([item]);
          item = item.resolve(ctx.doc);
        }
      }
      let tagObj = void 0;
      const node2 = identity.isNode(item) ? item : ctx.doc.createNode(item, { onTagObj: (o) => tagObj = o });
      tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node2));
      const props = stringifyProps(node2, tagObj, ctx);
      if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
      const str = typeof tagObj.stringify === "function" ? tagObj.stringify(node2, ctx, onComment, onChompKeep) : identity.isScalar(node2) ? stringifyString.stringifyString(node2, ctx, onComment, onChompKeep) : node2.toString(ctx, onComment, onChompKeep);
      if (!props)
        return str;
      return identity.isScalar(node2) || str[0] === "{" || str[0] === "[" ? `${props} ${str}` : `${props}
${ctx.indent}${str}`;
    }
    exports.createStringifyContext = createStringifyContext;
    exports.stringify = stringify2;
  }
});

// node_modules/yaml/dist/stringify/stringifyPair.js
var require_stringifyPair = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyPair.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var stringify2 = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyPair({ key, value }, ctx, onComment, onChompKeep) {
      const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
      let keyComment = identity.isNode(key) && key.comment || null;
      if (simpleKeys) {
        if (keyComment) {
          throw new Error("With simple keys, key nodes cannot have comments");
        }
        if (identity.isCollection(key) || !identity.isNode(key) && typeof key === "object") {
          const msg = "With simple keys, collection cannot be used as a key value";
          throw new Error(msg);
        }
      }
      let explicitKey = !simpleKeys && (!key || keyComment && value == null && !ctx.inFlow || identity.isCollection(key) || (identity.isScalar(key) ? key.type === Scalar.Scalar.BLOCK_FOLDED || key.type === Scalar.Scalar.BLOCK_LITERAL : typeof key === "object"));
      ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
      });
      let keyCommentDone = false;
      let chompKeep = false;
      let str = stringify2.stringify(key, ctx, () => keyCommentDone = true, () => chompKeep = true);
      if (!explicitKey && !ctx.inFlow && str.length > 1024) {
        if (simpleKeys)
          throw new Error("With simple keys, single line scalar must not span more than 1024 characters");
        explicitKey = true;
      }
      if (ctx.inFlow) {
        if (allNullValues || value == null) {
          if (keyCommentDone && onComment)
            onComment();
          return str === "" ? "?" : explicitKey ? `? ${str}` : str;
        }
      } else if (allNullValues && !simpleKeys || value == null && explicitKey) {
        str = `? ${str}`;
        if (keyComment && !keyCommentDone) {
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        } else if (chompKeep && onChompKeep)
          onChompKeep();
        return str;
      }
      if (keyCommentDone)
        keyComment = null;
      if (explicitKey) {
        if (keyComment)
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        str = `? ${str}
${indent}:`;
      } else {
        str = `${str}:`;
        if (keyComment)
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
      }
      let vsb, vcb, valueComment;
      if (identity.isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
      } else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === "object")
          value = doc.createNode(value);
      }
      ctx.implicitKey = false;
      if (!explicitKey && !keyComment && identity.isScalar(value))
        ctx.indentAtStart = str.length + 1;
      chompKeep = false;
      if (!indentSeq && indentStep.length >= 2 && !ctx.inFlow && !explicitKey && identity.isSeq(value) && !value.flow && !value.tag && !value.anchor) {
        ctx.indent = ctx.indent.substring(2);
      }
      let valueCommentDone = false;
      const valueStr = stringify2.stringify(value, ctx, () => valueCommentDone = true, () => chompKeep = true);
      let ws = " ";
      if (keyComment || vsb || vcb) {
        ws = vsb ? "\n" : "";
        if (vcb) {
          const cs = commentString(vcb);
          ws += `
${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === "" && !ctx.inFlow) {
          if (ws === "\n" && valueComment)
            ws = "\n\n";
        } else {
          ws += `
${ctx.indent}`;
        }
      } else if (!explicitKey && identity.isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf("\n");
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
          let hasPropsLine = false;
          if (hasNewline && (vs0 === "&" || vs0 === "!")) {
            let sp0 = valueStr.indexOf(" ");
            if (vs0 === "&" && sp0 !== -1 && sp0 < nl0 && valueStr[sp0 + 1] === "!") {
              sp0 = valueStr.indexOf(" ", sp0 + 1);
            }
            if (sp0 === -1 || nl0 < sp0)
              hasPropsLine = true;
          }
          if (!hasPropsLine)
            ws = `
${ctx.indent}`;
        }
      } else if (valueStr === "" || valueStr[0] === "\n") {
        ws = "";
      }
      str += ws + valueStr;
      if (ctx.inFlow) {
        if (valueCommentDone && onComment)
          onComment();
      } else if (valueComment && !valueCommentDone) {
        str += stringifyComment.lineComment(str, ctx.indent, commentString(valueComment));
      } else if (chompKeep && onChompKeep) {
        onChompKeep();
      }
      return str;
    }
    exports.stringifyPair = stringifyPair;
  }
});

// node_modules/yaml/dist/log.js
var require_log = __commonJS({
  "node_modules/yaml/dist/log.js"(exports) {
    "use strict";
    var node_process = __require("process");
    function debug(logLevel, ...messages) {
      if (logLevel === "debug")
        console.log(...messages);
    }
    function warn(logLevel, warning) {
      if (logLevel === "debug" || logLevel === "warn") {
        if (typeof node_process.emitWarning === "function")
          node_process.emitWarning(warning);
        else
          console.warn(warning);
      }
    }
    exports.debug = debug;
    exports.warn = warn;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/merge.js
var require_merge = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/merge.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var MERGE_KEY = "<<";
    var merge3 = {
      identify: (value) => value === MERGE_KEY || typeof value === "symbol" && value.description === MERGE_KEY,
      default: "key",
      tag: "tag:yaml.org,2002:merge",
      test: /^<<$/,
      resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
      }),
      stringify: () => MERGE_KEY
    };
    var isMergeKey = (ctx, key) => (merge3.identify(key) || identity.isScalar(key) && (!key.type || key.type === Scalar.Scalar.PLAIN) && merge3.identify(key.value)) && ctx?.doc.schema.tags.some((tag) => tag.tag === merge3.tag && tag.default);
    function addMergeToJSMap(ctx, map2, value) {
      const source = resolveAliasValue(ctx, value);
      if (identity.isSeq(source))
        for (const it of source.items)
          mergeValue(ctx, map2, it);
      else if (Array.isArray(source))
        for (const it of source)
          mergeValue(ctx, map2, it);
      else
        mergeValue(ctx, map2, source);
    }
    function mergeValue(ctx, map2, value) {
      const source = resolveAliasValue(ctx, value);
      if (!identity.isMap(source))
        throw new Error("Merge sources must be maps or map aliases");
      const srcMap = source.toJSON(null, ctx, Map);
      for (const [key, value2] of srcMap) {
        if (map2 instanceof Map) {
          if (!map2.has(key))
            map2.set(key, value2);
        } else if (map2 instanceof Set) {
          map2.add(key);
        } else if (!Object.prototype.hasOwnProperty.call(map2, key)) {
          Object.defineProperty(map2, key, {
            value: value2,
            writable: true,
            enumerable: true,
            configurable: true
          });
        }
      }
      return map2;
    }
    function resolveAliasValue(ctx, value) {
      return ctx && identity.isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
    }
    exports.addMergeToJSMap = addMergeToJSMap;
    exports.isMergeKey = isMergeKey;
    exports.merge = merge3;
  }
});

// node_modules/yaml/dist/nodes/addPairToJSMap.js
var require_addPairToJSMap = __commonJS({
  "node_modules/yaml/dist/nodes/addPairToJSMap.js"(exports) {
    "use strict";
    var log = require_log();
    var merge3 = require_merge();
    var stringify2 = require_stringify();
    var identity = require_identity();
    var toJS = require_toJS();
    function addPairToJSMap(ctx, map2, { key, value }) {
      if (identity.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map2, value);
      else if (merge3.isMergeKey(ctx, key))
        merge3.addMergeToJSMap(ctx, map2, value);
      else {
        const jsKey = toJS.toJS(key, "", ctx);
        if (map2 instanceof Map) {
          map2.set(jsKey, toJS.toJS(value, jsKey, ctx));
        } else if (map2 instanceof Set) {
          map2.add(jsKey);
        } else {
          const stringKey = stringifyKey(key, jsKey, ctx);
          const jsValue = toJS.toJS(value, stringKey, ctx);
          if (stringKey in map2)
            Object.defineProperty(map2, stringKey, {
              value: jsValue,
              writable: true,
              enumerable: true,
              configurable: true
            });
          else
            map2[stringKey] = jsValue;
        }
      }
      return map2;
    }
    function stringifyKey(key, jsKey, ctx) {
      if (jsKey === null)
        return "";
      if (typeof jsKey !== "object")
        return String(jsKey);
      if (identity.isNode(key) && ctx?.doc) {
        const strCtx = stringify2.createStringifyContext(ctx.doc, {});
        strCtx.anchors = /* @__PURE__ */ new Set();
        for (const node2 of ctx.anchors.keys())
          strCtx.anchors.add(node2.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key.toString(strCtx);
        if (!ctx.mapKeyWarned) {
          let jsonStr = JSON.stringify(strKey);
          if (jsonStr.length > 40)
            jsonStr = jsonStr.substring(0, 36) + '..."';
          log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
          ctx.mapKeyWarned = true;
        }
        return strKey;
      }
      return JSON.stringify(jsKey);
    }
    exports.addPairToJSMap = addPairToJSMap;
  }
});

// node_modules/yaml/dist/nodes/Pair.js
var require_Pair = __commonJS({
  "node_modules/yaml/dist/nodes/Pair.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyPair = require_stringifyPair();
    var addPairToJSMap = require_addPairToJSMap();
    var identity = require_identity();
    function createPair(key, value, ctx) {
      const k = createNode.createNode(key, void 0, ctx);
      const v = createNode.createNode(value, void 0, ctx);
      return new Pair(k, v);
    }
    var Pair = class _Pair {
      constructor(key, value = null) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.PAIR });
        this.key = key;
        this.value = value;
      }
      clone(schema) {
        let { key, value } = this;
        if (identity.isNode(key))
          key = key.clone(schema);
        if (identity.isNode(value))
          value = value.clone(schema);
        return new _Pair(key, value);
      }
      toJSON(_, ctx) {
        const pair = ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
      }
      toString(ctx, onComment, onChompKeep) {
        return ctx?.doc ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep) : JSON.stringify(this);
      }
    };
    exports.Pair = Pair;
    exports.createPair = createPair;
  }
});

// node_modules/yaml/dist/stringify/stringifyCollection.js
var require_stringifyCollection = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyCollection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify2 = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyCollection(collection, ctx, options) {
      const flow = ctx.inFlow ?? collection.flow;
      const stringify3 = flow ? stringifyFlowCollection : stringifyBlockCollection;
      return stringify3(collection, ctx, options);
    }
    function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
      const { indent, options: { commentString } } = ctx;
      const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
      let chompKeep = false;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment2 = null;
        if (identity.isNode(item)) {
          if (!chompKeep && item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
          if (item.comment)
            comment2 = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (!chompKeep && ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
          }
        }
        chompKeep = false;
        let str2 = stringify2.stringify(item, itemCtx, () => comment2 = null, () => chompKeep = true);
        if (comment2)
          str2 += stringifyComment.lineComment(str2, itemIndent, commentString(comment2));
        if (chompKeep && comment2)
          chompKeep = false;
        lines.push(blockItemPrefix + str2);
      }
      let str;
      if (lines.length === 0) {
        str = flowChars.start + flowChars.end;
      } else {
        str = lines[0];
        for (let i = 1; i < lines.length; ++i) {
          const line = lines[i];
          str += line ? `
${indent}${line}` : "\n";
        }
      }
      if (comment) {
        str += "\n" + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
          onComment();
      } else if (chompKeep && onChompKeep)
        onChompKeep();
      return str;
    }
    function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
      const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
      itemIndent += indentStep;
      const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
      });
      let reqNewline = false;
      let linesAtValue = 0;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity.isNode(item)) {
          if (item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, false);
          if (item.comment)
            comment = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, false);
            if (ik.comment)
              reqNewline = true;
          }
          const iv = identity.isNode(item.value) ? item.value : null;
          if (iv) {
            if (iv.comment)
              comment = iv.comment;
            if (iv.commentBefore)
              reqNewline = true;
          } else if (item.value == null && ik?.comment) {
            comment = ik.comment;
          }
        }
        if (comment)
          reqNewline = true;
        let str = stringify2.stringify(item, itemCtx, () => comment = null);
        reqNewline || (reqNewline = lines.length > linesAtValue || str.includes("\n"));
        if (i < items.length - 1) {
          str += ",";
        } else if (ctx.options.trailingComma) {
          if (ctx.options.lineWidth > 0) {
            reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) + (str.length + 2) > ctx.options.lineWidth);
          }
          if (reqNewline) {
            str += ",";
          }
        }
        if (comment)
          str += stringifyComment.lineComment(str, itemIndent, commentString(comment));
        lines.push(str);
        linesAtValue = lines.length;
      }
      const { start: start2, end } = flowChars;
      if (lines.length === 0) {
        return start2 + end;
      } else {
        if (!reqNewline) {
          const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
          reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
          let str = start2;
          for (const line of lines)
            str += line ? `
${indentStep}${indent}${line}` : "\n";
          return `${str}
${indent}${end}`;
        } else {
          return `${start2}${fcPadding}${lines.join(" ")}${fcPadding}${end}`;
        }
      }
    }
    function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
      if (comment && chompKeep)
        comment = comment.replace(/^\n+/, "");
      if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
        lines.push(ic.trimStart());
      }
    }
    exports.stringifyCollection = stringifyCollection;
  }
});

// node_modules/yaml/dist/nodes/YAMLMap.js
var require_YAMLMap = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLMap.js"(exports) {
    "use strict";
    var stringifyCollection = require_stringifyCollection();
    var addPairToJSMap = require_addPairToJSMap();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    function findPair(items, key) {
      const k = identity.isScalar(key) ? key.value : key;
      for (const it of items) {
        if (identity.isPair(it)) {
          if (it.key === key || it.key === k)
            return it;
          if (identity.isScalar(it.key) && it.key.value === k)
            return it;
        }
      }
      return void 0;
    }
    var YAMLMap = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:map";
      }
      constructor(schema) {
        super(identity.MAP, schema);
        this.items = [];
      }
      /**
       * A generic collection parsing method that can be extended
       * to other node classes that inherit from YAMLMap
       */
      static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map2 = new this(schema);
        const add = (key, value) => {
          if (typeof replacer === "function")
            value = replacer.call(obj, key, value);
          else if (Array.isArray(replacer) && !replacer.includes(key))
            return;
          if (value !== void 0 || keepUndefined)
            map2.items.push(Pair.createPair(key, value, ctx));
        };
        if (obj instanceof Map) {
          for (const [key, value] of obj)
            add(key, value);
        } else if (obj && typeof obj === "object") {
          for (const key of Object.keys(obj))
            add(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === "function") {
          map2.items.sort(schema.sortMapEntries);
        }
        return map2;
      }
      /**
       * Adds a value to the collection.
       *
       * @param overwrite - If not set `true`, using a key that is already in the
       *   collection will throw. Otherwise, overwrites the previous value.
       */
      add(pair, overwrite) {
        let _pair;
        if (identity.isPair(pair))
          _pair = pair;
        else if (!pair || typeof pair !== "object" || !("key" in pair)) {
          _pair = new Pair.Pair(pair, pair?.value);
        } else
          _pair = new Pair.Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
          if (!overwrite)
            throw new Error(`Key ${_pair.key} already set`);
          if (identity.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
            prev.value.value = _pair.value;
          else
            prev.value = _pair.value;
        } else if (sortEntries) {
          const i = this.items.findIndex((item) => sortEntries(_pair, item) < 0);
          if (i === -1)
            this.items.push(_pair);
          else
            this.items.splice(i, 0, _pair);
        } else {
          this.items.push(_pair);
        }
      }
      delete(key) {
        const it = findPair(this.items, key);
        if (!it)
          return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const it = findPair(this.items, key);
        const node2 = it?.value;
        return (!keepScalar && identity.isScalar(node2) ? node2.value : node2) ?? void 0;
      }
      has(key) {
        return !!findPair(this.items, key);
      }
      set(key, value) {
        this.add(new Pair.Pair(key, value), true);
      }
      /**
       * @param ctx - Conversion context, originally set in Document#toJS()
       * @param {Class} Type - If set, forces the returned collection type
       * @returns Instance of Type, Map, or Object
       */
      toJSON(_, ctx, Type) {
        const map2 = Type ? new Type() : ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        if (ctx?.onCreate)
          ctx.onCreate(map2);
        for (const item of this.items)
          addPairToJSMap.addPairToJSMap(ctx, map2, item);
        return map2;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        for (const item of this.items) {
          if (!identity.isPair(item))
            throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
          ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "",
          flowChars: { start: "{", end: "}" },
          itemIndent: ctx.indent || "",
          onChompKeep,
          onComment
        });
      }
    };
    exports.YAMLMap = YAMLMap;
    exports.findPair = findPair;
  }
});

// node_modules/yaml/dist/schema/common/map.js
var require_map = __commonJS({
  "node_modules/yaml/dist/schema/common/map.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLMap = require_YAMLMap();
    var map2 = {
      collection: "map",
      default: true,
      nodeClass: YAMLMap.YAMLMap,
      tag: "tag:yaml.org,2002:map",
      resolve(map3, onError) {
        if (!identity.isMap(map3))
          onError("Expected a mapping for this tag");
        return map3;
      },
      createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
    };
    exports.map = map2;
  }
});

// node_modules/yaml/dist/nodes/YAMLSeq.js
var require_YAMLSeq = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLSeq.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyCollection = require_stringifyCollection();
    var Collection = require_Collection();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var toJS = require_toJS();
    var YAMLSeq = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:seq";
      }
      constructor(schema) {
        super(identity.SEQ, schema);
        this.items = [];
      }
      add(value) {
        this.items.push(value);
      }
      /**
       * Removes a value from the collection.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       *
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return void 0;
        const it = this.items[idx];
        return !keepScalar && identity.isScalar(it) ? it.value : it;
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       */
      has(key) {
        const idx = asItemIndex(key);
        return typeof idx === "number" && idx < this.items.length;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       *
       * If `key` does not contain a representation of an integer, this will throw.
       * It may be wrapped in a `Scalar`.
       */
      set(key, value) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          throw new Error(`Expected a valid index, not ${key}.`);
        const prev = this.items[idx];
        if (identity.isScalar(prev) && Scalar.isScalarValue(value))
          prev.value = value;
        else
          this.items[idx] = value;
      }
      toJSON(_, ctx) {
        const seq = [];
        if (ctx?.onCreate)
          ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
          seq.push(toJS.toJS(item, String(i++), ctx));
        return seq;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "- ",
          flowChars: { start: "[", end: "]" },
          itemIndent: (ctx.indent || "") + "  ",
          onChompKeep,
          onComment
        });
      }
      static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
          let i = 0;
          for (let it of obj) {
            if (typeof replacer === "function") {
              const key = obj instanceof Set ? it : String(i++);
              it = replacer.call(obj, key, it);
            }
            seq.items.push(createNode.createNode(it, void 0, ctx));
          }
        }
        return seq;
      }
    };
    function asItemIndex(key) {
      let idx = identity.isScalar(key) ? key.value : key;
      if (idx && typeof idx === "string")
        idx = Number(idx);
      return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : null;
    }
    exports.YAMLSeq = YAMLSeq;
  }
});

// node_modules/yaml/dist/schema/common/seq.js
var require_seq = __commonJS({
  "node_modules/yaml/dist/schema/common/seq.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLSeq = require_YAMLSeq();
    var seq = {
      collection: "seq",
      default: true,
      nodeClass: YAMLSeq.YAMLSeq,
      tag: "tag:yaml.org,2002:seq",
      resolve(seq2, onError) {
        if (!identity.isSeq(seq2))
          onError("Expected a sequence for this tag");
        return seq2;
      },
      createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
    };
    exports.seq = seq;
  }
});

// node_modules/yaml/dist/schema/common/string.js
var require_string = __commonJS({
  "node_modules/yaml/dist/schema/common/string.js"(exports) {
    "use strict";
    var stringifyString = require_stringifyString();
    var string4 = {
      identify: (value) => typeof value === "string",
      default: true,
      tag: "tag:yaml.org,2002:str",
      resolve: (str) => str,
      stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
      }
    };
    exports.string = string4;
  }
});

// node_modules/yaml/dist/schema/common/null.js
var require_null = __commonJS({
  "node_modules/yaml/dist/schema/common/null.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var nullTag = {
      identify: (value) => value == null,
      createNode: () => new Scalar.Scalar(null),
      default: true,
      tag: "tag:yaml.org,2002:null",
      test: /^(?:~|[Nn]ull|NULL)?$/,
      resolve: () => new Scalar.Scalar(null),
      stringify: ({ source }, ctx) => typeof source === "string" && nullTag.test.test(source) ? source : ctx.options.nullStr
    };
    exports.nullTag = nullTag;
  }
});

// node_modules/yaml/dist/schema/core/bool.js
var require_bool = __commonJS({
  "node_modules/yaml/dist/schema/core/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var boolTag = {
      identify: (value) => typeof value === "boolean",
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
      resolve: (str) => new Scalar.Scalar(str[0] === "t" || str[0] === "T"),
      stringify({ source, value }, ctx) {
        if (source && boolTag.test.test(source)) {
          const sv = source[0] === "t" || source[0] === "T";
          if (value === sv)
            return source;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
      }
    };
    exports.boolTag = boolTag;
  }
});

// node_modules/yaml/dist/stringify/stringifyNumber.js
var require_stringifyNumber = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyNumber.js"(exports) {
    "use strict";
    function stringifyNumber({ format, minFractionDigits, tag, value }) {
      if (typeof value === "bigint")
        return String(value);
      const num = typeof value === "number" ? value : Number(value);
      if (!isFinite(num))
        return isNaN(num) ? ".nan" : num < 0 ? "-.inf" : ".inf";
      let n = Object.is(value, -0) ? "-0" : JSON.stringify(value);
      if (!format && minFractionDigits && (!tag || tag === "tag:yaml.org,2002:float") && /^-?\d/.test(n) && !n.includes("e")) {
        let i = n.indexOf(".");
        if (i < 0) {
          i = n.length;
          n += ".";
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
          n += "0";
      }
      return n;
    }
    exports.stringifyNumber = stringifyNumber;
  }
});

// node_modules/yaml/dist/schema/core/float.js
var require_float = __commonJS({
  "node_modules/yaml/dist/schema/core/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str) => str.slice(-3).toLowerCase() === "nan" ? NaN : str[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
      resolve: (str) => parseFloat(str),
      stringify(node2) {
        const num = Number(node2.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node2);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
      resolve(str) {
        const node2 = new Scalar.Scalar(parseFloat(str));
        const dot = str.indexOf(".");
        if (dot !== -1 && str[str.length - 1] === "0")
          node2.minFractionDigits = str.length - dot - 1;
        return node2;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/core/int.js
var require_int = __commonJS({
  "node_modules/yaml/dist/schema/core/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    var intResolve = (str, offset, radix, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str.substring(offset), radix);
    function intStringify(node2, radix, prefix) {
      const { value } = node2;
      if (intIdentify(value) && value >= 0)
        return prefix + value.toString(radix);
      return stringifyNumber.stringifyNumber(node2);
    }
    var intOct = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^0o[0-7]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 8, opt),
      stringify: (node2) => intStringify(node2, 8, "0o")
    };
    var int2 = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^0x[0-9a-fA-F]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
      stringify: (node2) => intStringify(node2, 16, "0x")
    };
    exports.int = int2;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/core/schema.js
var require_schema = __commonJS({
  "node_modules/yaml/dist/schema/core/schema.js"(exports) {
    "use strict";
    var map2 = require_map();
    var _null4 = require_null();
    var seq = require_seq();
    var string4 = require_string();
    var bool = require_bool();
    var float = require_float();
    var int2 = require_int();
    var schema = [
      map2.map,
      seq.seq,
      string4.string,
      _null4.nullTag,
      bool.boolTag,
      int2.intOct,
      int2.int,
      int2.intHex,
      float.floatNaN,
      float.floatExp,
      float.float
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/json/schema.js
var require_schema2 = __commonJS({
  "node_modules/yaml/dist/schema/json/schema.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var map2 = require_map();
    var seq = require_seq();
    function intIdentify(value) {
      return typeof value === "bigint" || Number.isInteger(value);
    }
    var stringifyJSON = ({ value }) => JSON.stringify(value);
    var jsonScalars = [
      {
        identify: (value) => typeof value === "string",
        default: true,
        tag: "tag:yaml.org,2002:str",
        resolve: (str) => str,
        stringify: stringifyJSON
      },
      {
        identify: (value) => value == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: "tag:yaml.org,2002:null",
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
      },
      {
        identify: (value) => typeof value === "boolean",
        default: true,
        tag: "tag:yaml.org,2002:bool",
        test: /^true$|^false$/,
        resolve: (str) => str === "true",
        stringify: stringifyJSON
      },
      {
        identify: intIdentify,
        default: true,
        tag: "tag:yaml.org,2002:int",
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str, 10),
        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
      },
      {
        identify: (value) => typeof value === "number",
        default: true,
        tag: "tag:yaml.org,2002:float",
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: (str) => parseFloat(str),
        stringify: stringifyJSON
      }
    ];
    var jsonError = {
      default: true,
      tag: "",
      test: /^/,
      resolve(str, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str)}`);
        return str;
      }
    };
    var schema = [map2.map, seq.seq].concat(jsonScalars, jsonError);
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/binary.js
var require_binary = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/binary.js"(exports) {
    "use strict";
    var node_buffer = __require("buffer");
    var Scalar = require_Scalar();
    var stringifyString = require_stringifyString();
    var binary = {
      identify: (value) => value instanceof Uint8Array,
      // Buffer inherits from Uint8Array
      default: false,
      tag: "tag:yaml.org,2002:binary",
      /**
       * Returns a Buffer in node and an Uint8Array in browsers
       *
       * To use the resulting buffer as an image, you'll want to do something like:
       *
       *   const blob = new Blob([buffer], { type: 'image/jpeg' })
       *   document.querySelector('#photo').src = URL.createObjectURL(blob)
       */
      resolve(src, onError) {
        if (typeof node_buffer.Buffer === "function") {
          return node_buffer.Buffer.from(src, "base64");
        } else if (typeof atob === "function") {
          const str = atob(src.replace(/[\n\r]/g, ""));
          const buffer = new Uint8Array(str.length);
          for (let i = 0; i < str.length; ++i)
            buffer[i] = str.charCodeAt(i);
          return buffer;
        } else {
          onError("This environment does not support reading binary tags; either Buffer or atob is required");
          return src;
        }
      },
      stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
          return "";
        const buf = value;
        let str;
        if (typeof node_buffer.Buffer === "function") {
          str = buf instanceof node_buffer.Buffer ? buf.toString("base64") : node_buffer.Buffer.from(buf.buffer).toString("base64");
        } else if (typeof btoa === "function") {
          let s = "";
          for (let i = 0; i < buf.length; ++i)
            s += String.fromCharCode(buf[i]);
          str = btoa(s);
        } else {
          throw new Error("This environment does not support writing binary tags; either Buffer or btoa is required");
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
          const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
          const n = Math.ceil(str.length / lineWidth);
          const lines = new Array(n);
          for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
            lines[i] = str.substr(o, lineWidth);
          }
          str = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? "\n" : " ");
        }
        return stringifyString.stringifyString({ comment, type, value: str }, ctx, onComment, onChompKeep);
      }
    };
    exports.binary = binary;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/pairs.js
var require_pairs = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/pairs.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLSeq = require_YAMLSeq();
    function resolvePairs(seq, onError) {
      if (identity.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
          let item = seq.items[i];
          if (identity.isPair(item))
            continue;
          else if (identity.isMap(item)) {
            if (item.items.length > 1)
              onError("Each pair must have its own sequence indicator");
            const pair = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
            if (item.commentBefore)
              pair.key.commentBefore = pair.key.commentBefore ? `${item.commentBefore}
${pair.key.commentBefore}` : item.commentBefore;
            if (item.comment) {
              const cn = pair.value ?? pair.key;
              cn.comment = cn.comment ? `${item.comment}
${cn.comment}` : item.comment;
            }
            item = pair;
          }
          seq.items[i] = identity.isPair(item) ? item : new Pair.Pair(item);
        }
      } else
        onError("Expected a sequence for this tag");
      return seq;
    }
    function createPairs(schema, iterable, ctx) {
      const { replacer } = ctx;
      const pairs2 = new YAMLSeq.YAMLSeq(schema);
      pairs2.tag = "tag:yaml.org,2002:pairs";
      let i = 0;
      if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
          if (typeof replacer === "function")
            it = replacer.call(iterable, String(i++), it);
          let key, value;
          if (Array.isArray(it)) {
            if (it.length === 2) {
              key = it[0];
              value = it[1];
            } else
              throw new TypeError(`Expected [key, value] tuple: ${it}`);
          } else if (it && it instanceof Object) {
            const keys = Object.keys(it);
            if (keys.length === 1) {
              key = keys[0];
              value = it[key];
            } else {
              throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
            }
          } else {
            key = it;
          }
          pairs2.items.push(Pair.createPair(key, value, ctx));
        }
      return pairs2;
    }
    var pairs = {
      collection: "seq",
      default: false,
      tag: "tag:yaml.org,2002:pairs",
      resolve: resolvePairs,
      createNode: createPairs
    };
    exports.createPairs = createPairs;
    exports.pairs = pairs;
    exports.resolvePairs = resolvePairs;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/omap.js
var require_omap = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/omap.js"(exports) {
    "use strict";
    var identity = require_identity();
    var toJS = require_toJS();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var pairs = require_pairs();
    var YAMLOMap = class _YAMLOMap extends YAMLSeq.YAMLSeq {
      constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = _YAMLOMap.tag;
      }
      /**
       * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
       * but TypeScript won't allow widening the signature of a child method.
       */
      toJSON(_, ctx) {
        if (!ctx)
          return super.toJSON(_);
        const map2 = /* @__PURE__ */ new Map();
        if (ctx?.onCreate)
          ctx.onCreate(map2);
        for (const pair of this.items) {
          let key, value;
          if (identity.isPair(pair)) {
            key = toJS.toJS(pair.key, "", ctx);
            value = toJS.toJS(pair.value, key, ctx);
          } else {
            key = toJS.toJS(pair, "", ctx);
          }
          if (map2.has(key))
            throw new Error("Ordered maps must not include duplicate keys");
          map2.set(key, value);
        }
        return map2;
      }
      static from(schema, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
        const omap2 = new this();
        omap2.items = pairs$1.items;
        return omap2;
      }
    };
    YAMLOMap.tag = "tag:yaml.org,2002:omap";
    var omap = {
      collection: "seq",
      identify: (value) => value instanceof Map,
      nodeClass: YAMLOMap,
      default: false,
      tag: "tag:yaml.org,2002:omap",
      resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key } of pairs$1.items) {
          if (identity.isScalar(key)) {
            if (seenKeys.includes(key.value)) {
              onError(`Ordered maps must not include duplicate keys: ${key.value}`);
            } else {
              seenKeys.push(key.value);
            }
          }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
      },
      createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
    };
    exports.YAMLOMap = YAMLOMap;
    exports.omap = omap;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/bool.js
var require_bool2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function boolStringify({ value, source }, ctx) {
      const boolObj = value ? trueTag : falseTag;
      if (source && boolObj.test.test(source))
        return source;
      return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
    var trueTag = {
      identify: (value) => value === true,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
      resolve: () => new Scalar.Scalar(true),
      stringify: boolStringify
    };
    var falseTag = {
      identify: (value) => value === false,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
      resolve: () => new Scalar.Scalar(false),
      stringify: boolStringify
    };
    exports.falseTag = falseTag;
    exports.trueTag = trueTag;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/float.js
var require_float2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str) => str.slice(-3).toLowerCase() === "nan" ? NaN : str[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
      resolve: (str) => parseFloat(str.replace(/_/g, "")),
      stringify(node2) {
        const num = Number(node2.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node2);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
      resolve(str) {
        const node2 = new Scalar.Scalar(parseFloat(str.replace(/_/g, "")));
        const dot = str.indexOf(".");
        if (dot !== -1) {
          const f = str.substring(dot + 1).replace(/_/g, "");
          if (f[f.length - 1] === "0")
            node2.minFractionDigits = f.length;
        }
        return node2;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/int.js
var require_int2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    function intResolve(str, offset, radix, { intAsBigInt }) {
      const sign = str[0];
      if (sign === "-" || sign === "+")
        offset += 1;
      str = str.substring(offset).replace(/_/g, "");
      if (intAsBigInt) {
        switch (radix) {
          case 2:
            str = `0b${str}`;
            break;
          case 8:
            str = `0o${str}`;
            break;
          case 16:
            str = `0x${str}`;
            break;
        }
        const n2 = BigInt(str);
        return sign === "-" ? BigInt(-1) * n2 : n2;
      }
      const n = parseInt(str, radix);
      return sign === "-" ? -1 * n : n;
    }
    function intStringify(node2, radix, prefix) {
      const { value } = node2;
      if (intIdentify(value)) {
        const str = value.toString(radix);
        return value < 0 ? "-" + prefix + str.substr(1) : prefix + str;
      }
      return stringifyNumber.stringifyNumber(node2);
    }
    var intBin = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "BIN",
      test: /^[-+]?0b[0-1_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 2, opt),
      stringify: (node2) => intStringify(node2, 2, "0b")
    };
    var intOct = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^[-+]?0[0-7_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 1, 8, opt),
      stringify: (node2) => intStringify(node2, 8, "0")
    };
    var int2 = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9][0-9_]*$/,
      resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^[-+]?0x[0-9a-fA-F_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
      stringify: (node2) => intStringify(node2, 16, "0x")
    };
    exports.int = int2;
    exports.intBin = intBin;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/set.js
var require_set = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/set.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSet = class _YAMLSet extends YAMLMap.YAMLMap {
      constructor(schema) {
        super(schema);
        this.tag = _YAMLSet.tag;
      }
      add(key) {
        let pair;
        if (identity.isPair(key))
          pair = key;
        else if (key && typeof key === "object" && "key" in key && "value" in key && key.value === null)
          pair = new Pair.Pair(key.key, null);
        else
          pair = new Pair.Pair(key, null);
        const prev = YAMLMap.findPair(this.items, pair.key);
        if (!prev)
          this.items.push(pair);
      }
      /**
       * If `keepPair` is `true`, returns the Pair matching `key`.
       * Otherwise, returns the value of that Pair's key.
       */
      get(key, keepPair) {
        const pair = YAMLMap.findPair(this.items, key);
        return !keepPair && identity.isPair(pair) ? identity.isScalar(pair.key) ? pair.key.value : pair.key : pair;
      }
      set(key, value) {
        if (typeof value !== "boolean")
          throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = YAMLMap.findPair(this.items, key);
        if (prev && !value) {
          this.items.splice(this.items.indexOf(prev), 1);
        } else if (!prev && value) {
          this.items.push(new Pair.Pair(key));
        }
      }
      toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        if (this.hasAllNullValues(true))
          return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
          throw new Error("Set items must all have null values");
      }
      static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set3 = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
          for (let value of iterable) {
            if (typeof replacer === "function")
              value = replacer.call(iterable, value, value);
            set3.items.push(Pair.createPair(value, null, ctx));
          }
        return set3;
      }
    };
    YAMLSet.tag = "tag:yaml.org,2002:set";
    var set2 = {
      collection: "map",
      identify: (value) => value instanceof Set,
      nodeClass: YAMLSet,
      default: false,
      tag: "tag:yaml.org,2002:set",
      createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
      resolve(map2, onError) {
        if (identity.isMap(map2)) {
          if (map2.hasAllNullValues(true))
            return Object.assign(new YAMLSet(), map2);
          else
            onError("Set items must all have null values");
        } else
          onError("Expected a mapping for this tag");
        return map2;
      }
    };
    exports.YAMLSet = YAMLSet;
    exports.set = set2;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/timestamp.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    function parseSexagesimal(str, asBigInt) {
      const sign = str[0];
      const parts = sign === "-" || sign === "+" ? str.substring(1) : str;
      const num = (n) => asBigInt ? BigInt(n) : Number(n);
      const res = parts.replace(/_/g, "").split(":").reduce((res2, p) => res2 * num(60) + num(p), num(0));
      return sign === "-" ? num(-1) * res : res;
    }
    function stringifySexagesimal(node2) {
      let { value } = node2;
      let num = (n) => n;
      if (typeof value === "bigint")
        num = (n) => BigInt(n);
      else if (isNaN(value) || !isFinite(value))
        return stringifyNumber.stringifyNumber(node2);
      let sign = "";
      if (value < 0) {
        sign = "-";
        value *= num(-1);
      }
      const _60 = num(60);
      const parts = [value % _60];
      if (value < 60) {
        parts.unshift(0);
      } else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60);
        if (value >= 60) {
          value = (value - parts[0]) / _60;
          parts.unshift(value);
        }
      }
      return sign + parts.map((n) => String(n).padStart(2, "0")).join(":").replace(/000000\d*$/, "");
    }
    var intTime = {
      identify: (value) => typeof value === "bigint" || Number.isInteger(value),
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
      resolve: (str, _onError, { intAsBigInt }) => parseSexagesimal(str, intAsBigInt),
      stringify: stringifySexagesimal
    };
    var floatTime = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
      resolve: (str) => parseSexagesimal(str, false),
      stringify: stringifySexagesimal
    };
    var timestamp = {
      identify: (value) => value instanceof Date,
      default: true,
      tag: "tag:yaml.org,2002:timestamp",
      // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
      // may be omitted altogether, resulting in a date format. In such a case, the time part is
      // assumed to be 00:00:00Z (start of day, UTC).
      test: RegExp("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \\t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$"),
      resolve(str) {
        const match = str.match(timestamp.test);
        if (!match)
          throw new Error("!!timestamp expects a date, starting with yyyy-mm-dd");
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + "00").substr(1, 3)) : 0;
        let date5 = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== "Z") {
          let d = parseSexagesimal(tz, false);
          if (Math.abs(d) < 30)
            d *= 60;
          date5 -= 6e4 * d;
        }
        return new Date(date5);
      },
      stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, "") ?? ""
    };
    exports.floatTime = floatTime;
    exports.intTime = intTime;
    exports.timestamp = timestamp;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/schema.js
var require_schema3 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/schema.js"(exports) {
    "use strict";
    var map2 = require_map();
    var _null4 = require_null();
    var seq = require_seq();
    var string4 = require_string();
    var binary = require_binary();
    var bool = require_bool2();
    var float = require_float2();
    var int2 = require_int2();
    var merge3 = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var set2 = require_set();
    var timestamp = require_timestamp();
    var schema = [
      map2.map,
      seq.seq,
      string4.string,
      _null4.nullTag,
      bool.trueTag,
      bool.falseTag,
      int2.intBin,
      int2.intOct,
      int2.int,
      int2.intHex,
      float.floatNaN,
      float.floatExp,
      float.float,
      binary.binary,
      merge3.merge,
      omap.omap,
      pairs.pairs,
      set2.set,
      timestamp.intTime,
      timestamp.floatTime,
      timestamp.timestamp
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/tags.js
var require_tags = __commonJS({
  "node_modules/yaml/dist/schema/tags.js"(exports) {
    "use strict";
    var map2 = require_map();
    var _null4 = require_null();
    var seq = require_seq();
    var string4 = require_string();
    var bool = require_bool();
    var float = require_float();
    var int2 = require_int();
    var schema = require_schema();
    var schema$1 = require_schema2();
    var binary = require_binary();
    var merge3 = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var schema$2 = require_schema3();
    var set2 = require_set();
    var timestamp = require_timestamp();
    var schemas = /* @__PURE__ */ new Map([
      ["core", schema.schema],
      ["failsafe", [map2.map, seq.seq, string4.string]],
      ["json", schema$1.schema],
      ["yaml11", schema$2.schema],
      ["yaml-1.1", schema$2.schema]
    ]);
    var tagsByName = {
      binary: binary.binary,
      bool: bool.boolTag,
      float: float.float,
      floatExp: float.floatExp,
      floatNaN: float.floatNaN,
      floatTime: timestamp.floatTime,
      int: int2.int,
      intHex: int2.intHex,
      intOct: int2.intOct,
      intTime: timestamp.intTime,
      map: map2.map,
      merge: merge3.merge,
      null: _null4.nullTag,
      omap: omap.omap,
      pairs: pairs.pairs,
      seq: seq.seq,
      set: set2.set,
      timestamp: timestamp.timestamp
    };
    var coreKnownTags = {
      "tag:yaml.org,2002:binary": binary.binary,
      "tag:yaml.org,2002:merge": merge3.merge,
      "tag:yaml.org,2002:omap": omap.omap,
      "tag:yaml.org,2002:pairs": pairs.pairs,
      "tag:yaml.org,2002:set": set2.set,
      "tag:yaml.org,2002:timestamp": timestamp.timestamp
    };
    function getTags(customTags, schemaName, addMergeTag) {
      const schemaTags = schemas.get(schemaName);
      if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge3.merge) ? schemaTags.concat(merge3.merge) : schemaTags.slice();
      }
      let tags = schemaTags;
      if (!tags) {
        if (Array.isArray(customTags))
          tags = [];
        else {
          const keys = Array.from(schemas.keys()).filter((key) => key !== "yaml11").map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
      }
      if (Array.isArray(customTags)) {
        for (const tag of customTags)
          tags = tags.concat(tag);
      } else if (typeof customTags === "function") {
        tags = customTags(tags.slice());
      }
      if (addMergeTag)
        tags = tags.concat(merge3.merge);
      return tags.reduce((tags2, tag) => {
        const tagObj = typeof tag === "string" ? tagsByName[tag] : tag;
        if (!tagObj) {
          const tagName = JSON.stringify(tag);
          const keys = Object.keys(tagsByName).map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags2.includes(tagObj))
          tags2.push(tagObj);
        return tags2;
      }, []);
    }
    exports.coreKnownTags = coreKnownTags;
    exports.getTags = getTags;
  }
});

// node_modules/yaml/dist/schema/Schema.js
var require_Schema = __commonJS({
  "node_modules/yaml/dist/schema/Schema.js"(exports) {
    "use strict";
    var identity = require_identity();
    var map2 = require_map();
    var seq = require_seq();
    var string4 = require_string();
    var tags = require_tags();
    var sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    var Schema = class _Schema {
      constructor({ compat, customTags, merge: merge3, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat) ? tags.getTags(compat, "compat") : compat ? tags.getTags(null, compat) : null;
        this.name = typeof schema === "string" && schema || "core";
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge3);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity.MAP, { value: map2.map });
        Object.defineProperty(this, identity.SCALAR, { value: string4.string });
        Object.defineProperty(this, identity.SEQ, { value: seq.seq });
        this.sortMapEntries = typeof sortMapEntries === "function" ? sortMapEntries : sortMapEntries === true ? sortMapEntriesByKey : null;
      }
      clone() {
        const copy = Object.create(_Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
      }
    };
    exports.Schema = Schema;
  }
});

// node_modules/yaml/dist/stringify/stringifyDocument.js
var require_stringifyDocument = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyDocument.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify2 = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyDocument(doc, options) {
      const lines = [];
      let hasDirectives = options.directives === true;
      if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
          lines.push(dir);
          hasDirectives = true;
        } else if (doc.directives.docStart)
          hasDirectives = true;
      }
      if (hasDirectives)
        lines.push("---");
      const ctx = stringify2.createStringifyContext(doc, options);
      const { commentString } = ctx.options;
      if (doc.commentBefore) {
        if (lines.length !== 1)
          lines.unshift("");
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ""));
      }
      let chompKeep = false;
      let contentComment = null;
      if (doc.contents) {
        if (identity.isNode(doc.contents)) {
          if (doc.contents.spaceBefore && hasDirectives)
            lines.push("");
          if (doc.contents.commentBefore) {
            const cs = commentString(doc.contents.commentBefore);
            lines.push(stringifyComment.indentComment(cs, ""));
          }
          ctx.forceBlockIndent = !!doc.comment;
          contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? void 0 : () => chompKeep = true;
        let body = stringify2.stringify(doc.contents, ctx, () => contentComment = null, onChompKeep);
        if (contentComment)
          body += stringifyComment.lineComment(body, "", commentString(contentComment));
        if ((body[0] === "|" || body[0] === ">") && lines[lines.length - 1] === "---") {
          lines[lines.length - 1] = `--- ${body}`;
        } else
          lines.push(body);
      } else {
        lines.push(stringify2.stringify(doc.contents, ctx));
      }
      if (doc.directives?.docEnd) {
        if (doc.comment) {
          const cs = commentString(doc.comment);
          if (cs.includes("\n")) {
            lines.push("...");
            lines.push(stringifyComment.indentComment(cs, ""));
          } else {
            lines.push(`... ${cs}`);
          }
        } else {
          lines.push("...");
        }
      } else {
        let dc = doc.comment;
        if (dc && chompKeep)
          dc = dc.replace(/^\n+/, "");
        if (dc) {
          if ((!chompKeep || contentComment) && lines[lines.length - 1] !== "")
            lines.push("");
          lines.push(stringifyComment.indentComment(commentString(dc), ""));
        }
      }
      return lines.join("\n") + "\n";
    }
    exports.stringifyDocument = stringifyDocument;
  }
});

// node_modules/yaml/dist/doc/Document.js
var require_Document = __commonJS({
  "node_modules/yaml/dist/doc/Document.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var toJS = require_toJS();
    var Schema = require_Schema();
    var stringifyDocument = require_stringifyDocument();
    var anchors = require_anchors();
    var applyReviver = require_applyReviver();
    var createNode = require_createNode();
    var directives = require_directives();
    var Document = class _Document {
      constructor(value, replacer, options) {
        this.commentBefore = null;
        this.comment = null;
        this.errors = [];
        this.warnings = [];
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.DOC });
        let _replacer = null;
        if (typeof replacer === "function" || Array.isArray(replacer)) {
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const opt = Object.assign({
          intAsBigInt: false,
          keepSourceTokens: false,
          logLevel: "warn",
          prettyErrors: true,
          strict: true,
          stringKeys: false,
          uniqueKeys: true,
          version: "1.2"
        }, options);
        this.options = opt;
        let { version: version2 } = opt;
        if (options?._directives) {
          this.directives = options._directives.atDocument();
          if (this.directives.yaml.explicit)
            version2 = this.directives.yaml.version;
        } else
          this.directives = new directives.Directives({ version: version2 });
        this.setSchema(version2, options);
        this.contents = value === void 0 ? null : this.createNode(value, _replacer, options);
      }
      /**
       * Create a deep copy of this Document and its contents.
       *
       * Custom Node values that inherit from `Object` still refer to their original instances.
       */
      clone() {
        const copy = Object.create(_Document.prototype, {
          [identity.NODE_TYPE]: { value: identity.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
          copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        copy.contents = identity.isNode(this.contents) ? this.contents.clone(copy.schema) : this.contents;
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** Adds a value to the document. */
      add(value) {
        if (assertCollection(this.contents))
          this.contents.add(value);
      }
      /** Adds a value to the document. */
      addIn(path, value) {
        if (assertCollection(this.contents))
          this.contents.addIn(path, value);
      }
      /**
       * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
       *
       * If `node` already has an anchor, `name` is ignored.
       * Otherwise, the `node.anchor` value will be set to `name`,
       * or if an anchor with that name is already present in the document,
       * `name` will be used as a prefix for a new unique anchor.
       * If `name` is undefined, the generated anchor will use 'a' as a prefix.
       */
      createAlias(node2, name) {
        if (!node2.anchor) {
          const prev = anchors.anchorNames(this);
          node2.anchor = // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          !name || prev.has(name) ? anchors.findNewAnchor(name || "a", prev) : name;
        }
        return new Alias.Alias(node2.anchor);
      }
      createNode(value, replacer, options) {
        let _replacer = void 0;
        if (typeof replacer === "function") {
          value = replacer.call({ "": value }, "", value);
          _replacer = replacer;
        } else if (Array.isArray(replacer)) {
          const keyToStr = (v) => typeof v === "number" || v instanceof String || v instanceof Number;
          const asStr = replacer.filter(keyToStr).map(String);
          if (asStr.length > 0)
            replacer = replacer.concat(asStr);
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(
          this,
          // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          anchorPrefix || "a"
        );
        const ctx = {
          aliasDuplicateObjects: aliasDuplicateObjects ?? true,
          keepUndefined: keepUndefined ?? false,
          onAnchor,
          onTagObj,
          replacer: _replacer,
          schema: this.schema,
          sourceObjects
        };
        const node2 = createNode.createNode(value, tag, ctx);
        if (flow && identity.isCollection(node2))
          node2.flow = true;
        setAnchors();
        return node2;
      }
      /**
       * Convert a key and a value into a `Pair` using the current schema,
       * recursively wrapping all values as `Scalar` or `Collection` nodes.
       */
      createPair(key, value, options = {}) {
        const k = this.createNode(key, null, options);
        const v = this.createNode(value, null, options);
        return new Pair.Pair(k, v);
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        return assertCollection(this.contents) ? this.contents.delete(key) : false;
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        if (Collection.isEmptyPath(path)) {
          if (this.contents == null)
            return false;
          this.contents = null;
          return true;
        }
        return assertCollection(this.contents) ? this.contents.deleteIn(path) : false;
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      get(key, keepScalar) {
        return identity.isCollection(this.contents) ? this.contents.get(key, keepScalar) : void 0;
      }
      /**
       * Returns item at `path`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        if (Collection.isEmptyPath(path))
          return !keepScalar && identity.isScalar(this.contents) ? this.contents.value : this.contents;
        return identity.isCollection(this.contents) ? this.contents.getIn(path, keepScalar) : void 0;
      }
      /**
       * Checks if the document includes a value with the key `key`.
       */
      has(key) {
        return identity.isCollection(this.contents) ? this.contents.has(key) : false;
      }
      /**
       * Checks if the document includes a value at `path`.
       */
      hasIn(path) {
        if (Collection.isEmptyPath(path))
          return this.contents !== void 0;
        return identity.isCollection(this.contents) ? this.contents.hasIn(path) : false;
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      set(key, value) {
        if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, [key], value);
        } else if (assertCollection(this.contents)) {
          this.contents.set(key, value);
        }
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        if (Collection.isEmptyPath(path)) {
          this.contents = value;
        } else if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, Array.from(path), value);
        } else if (assertCollection(this.contents)) {
          this.contents.setIn(path, value);
        }
      }
      /**
       * Change the YAML version and schema used by the document.
       * A `null` version disables support for directives, explicit tags, anchors, and aliases.
       * It also requires the `schema` option to be given as a `Schema` instance value.
       *
       * Overrides all previously set schema options.
       */
      setSchema(version2, options = {}) {
        if (typeof version2 === "number")
          version2 = String(version2);
        let opt;
        switch (version2) {
          case "1.1":
            if (this.directives)
              this.directives.yaml.version = "1.1";
            else
              this.directives = new directives.Directives({ version: "1.1" });
            opt = { resolveKnownTags: false, schema: "yaml-1.1" };
            break;
          case "1.2":
          case "next":
            if (this.directives)
              this.directives.yaml.version = version2;
            else
              this.directives = new directives.Directives({ version: version2 });
            opt = { resolveKnownTags: true, schema: "core" };
            break;
          case null:
            if (this.directives)
              delete this.directives;
            opt = null;
            break;
          default: {
            const sv = JSON.stringify(version2);
            throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
          }
        }
        if (options.schema instanceof Object)
          this.schema = options.schema;
        else if (opt)
          this.schema = new Schema.Schema(Object.assign(opt, options));
        else
          throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
      }
      // json & jsonArg are only used from toJSON()
      toJS({ json: json2, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc: this,
          keep: !json2,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
      /**
       * A JSON representation of the document `contents`.
       *
       * @param jsonArg Used by `JSON.stringify` to indicate the array index or
       *   property name.
       */
      toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
      }
      /** A YAML representation of the document. */
      toString(options = {}) {
        if (this.errors.length > 0)
          throw new Error("Document with errors cannot be stringified");
        if ("indent" in options && (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
          const s = JSON.stringify(options.indent);
          throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
      }
    };
    function assertCollection(contents) {
      if (identity.isCollection(contents))
        return true;
      throw new Error("Expected a YAML collection as document contents");
    }
    exports.Document = Document;
  }
});

// node_modules/yaml/dist/errors.js
var require_errors = __commonJS({
  "node_modules/yaml/dist/errors.js"(exports) {
    "use strict";
    var YAMLError = class extends Error {
      constructor(name, pos, code, message) {
        super();
        this.name = name;
        this.code = code;
        this.message = message;
        this.pos = pos;
      }
    };
    var YAMLParseError = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLParseError", pos, code, message);
      }
    };
    var YAMLWarning = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLWarning", pos, code, message);
      }
    };
    var prettifyError2 = (src, lc) => (error2) => {
      if (error2.pos[0] === -1)
        return;
      error2.linePos = error2.pos.map((pos) => lc.linePos(pos));
      const { line, col } = error2.linePos[0];
      error2.message += ` at line ${line}, column ${col}`;
      let ci = col - 1;
      let lineStr = src.substring(lc.lineStarts[line - 1], lc.lineStarts[line]).replace(/[\n\r]+$/, "");
      if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = "\u2026" + lineStr.substring(trimStart);
        ci -= trimStart - 1;
      }
      if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + "\u2026";
      if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
          prev = prev.substring(0, 79) + "\u2026\n";
        lineStr = prev + lineStr;
      }
      if (/[^ ]/.test(lineStr)) {
        let count = 1;
        const end = error2.linePos[1];
        if (end?.line === line && end.col > col) {
          count = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = " ".repeat(ci) + "^".repeat(count);
        error2.message += `:

${lineStr}
${pointer}
`;
      }
    };
    exports.YAMLError = YAMLError;
    exports.YAMLParseError = YAMLParseError;
    exports.YAMLWarning = YAMLWarning;
    exports.prettifyError = prettifyError2;
  }
});

// node_modules/yaml/dist/compose/resolve-props.js
var require_resolve_props = __commonJS({
  "node_modules/yaml/dist/compose/resolve-props.js"(exports) {
    "use strict";
    function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
      let spaceBefore = false;
      let atNewline = startOnNewline;
      let hasSpace = startOnNewline;
      let comment = "";
      let commentSep = "";
      let hasNewline = false;
      let reqSpace = false;
      let tab = null;
      let anchor2 = null;
      let tag = null;
      let newlineAfterProp = null;
      let comma = null;
      let found = null;
      let start2 = null;
      for (const token of tokens) {
        if (reqSpace) {
          if (token.type !== "space" && token.type !== "newline" && token.type !== "comma")
            onError(token.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
          reqSpace = false;
        }
        if (tab) {
          if (atNewline && token.type !== "comment" && token.type !== "newline") {
            onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
          }
          tab = null;
        }
        switch (token.type) {
          case "space":
            if (!flow && (indicator !== "doc-start" || next?.type !== "flow-collection") && token.source.includes("	")) {
              tab = token;
            }
            hasSpace = true;
            break;
          case "comment": {
            if (!hasSpace)
              onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
            const cb = token.source.substring(1) || " ";
            if (!comment)
              comment = cb;
            else
              comment += commentSep + cb;
            commentSep = "";
            atNewline = false;
            break;
          }
          case "newline":
            if (atNewline) {
              if (comment)
                comment += token.source;
              else if (!found || indicator !== "seq-item-ind")
                spaceBefore = true;
            } else
              commentSep += token.source;
            atNewline = true;
            hasNewline = true;
            if (anchor2 || tag)
              newlineAfterProp = token;
            hasSpace = true;
            break;
          case "anchor":
            if (anchor2)
              onError(token, "MULTIPLE_ANCHORS", "A node can have at most one anchor");
            if (token.source.endsWith(":"))
              onError(token.offset + token.source.length - 1, "BAD_ALIAS", "Anchor ending in : is ambiguous", true);
            anchor2 = token;
            start2 ?? (start2 = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          case "tag": {
            if (tag)
              onError(token, "MULTIPLE_TAGS", "A node can have at most one tag");
            tag = token;
            start2 ?? (start2 = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          }
          case indicator:
            if (anchor2 || tag)
              onError(token, "BAD_PROP_ORDER", `Anchors and tags must be after the ${token.source} indicator`);
            if (found)
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.source} in ${flow ?? "collection"}`);
            found = token;
            atNewline = indicator === "seq-item-ind" || indicator === "explicit-key-ind";
            hasSpace = false;
            break;
          case "comma":
            if (flow) {
              if (comma)
                onError(token, "UNEXPECTED_TOKEN", `Unexpected , in ${flow}`);
              comma = token;
              atNewline = false;
              hasSpace = false;
              break;
            }
          // else fallthrough
          default:
            onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.type} token`);
            atNewline = false;
            hasSpace = false;
        }
      }
      const last = tokens[tokens.length - 1];
      const end = last ? last.offset + last.source.length : offset;
      if (reqSpace && next && next.type !== "space" && next.type !== "newline" && next.type !== "comma" && (next.type !== "scalar" || next.source !== "")) {
        onError(next.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
      }
      if (tab && (atNewline && tab.indent <= parentIndent || next?.type === "block-map" || next?.type === "block-seq"))
        onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
      return {
        comma,
        found,
        spaceBefore,
        comment,
        hasNewline,
        anchor: anchor2,
        tag,
        newlineAfterProp,
        end,
        start: start2 ?? end
      };
    }
    exports.resolveProps = resolveProps;
  }
});

// node_modules/yaml/dist/compose/util-contains-newline.js
var require_util_contains_newline = __commonJS({
  "node_modules/yaml/dist/compose/util-contains-newline.js"(exports) {
    "use strict";
    function containsNewline(key) {
      if (!key)
        return null;
      switch (key.type) {
        case "alias":
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          if (key.source.includes("\n"))
            return true;
          if (key.end) {
            for (const st of key.end)
              if (st.type === "newline")
                return true;
          }
          return false;
        case "flow-collection":
          for (const it of key.items) {
            for (const st of it.start)
              if (st.type === "newline")
                return true;
            if (it.sep) {
              for (const st of it.sep)
                if (st.type === "newline")
                  return true;
            }
            if (containsNewline(it.key) || containsNewline(it.value))
              return true;
          }
          return false;
        default:
          return true;
      }
    }
    exports.containsNewline = containsNewline;
  }
});

// node_modules/yaml/dist/compose/util-flow-indent-check.js
var require_util_flow_indent_check = __commonJS({
  "node_modules/yaml/dist/compose/util-flow-indent-check.js"(exports) {
    "use strict";
    var utilContainsNewline = require_util_contains_newline();
    function flowIndentCheck(indent, fc, onError) {
      if (fc?.type === "flow-collection") {
        const end = fc.end[0];
        if (end.indent === indent && (end.source === "]" || end.source === "}") && utilContainsNewline.containsNewline(fc)) {
          const msg = "Flow end indicator should be more indented than parent";
          onError(end, "BAD_INDENT", msg, true);
        }
      }
    }
    exports.flowIndentCheck = flowIndentCheck;
  }
});

// node_modules/yaml/dist/compose/util-map-includes.js
var require_util_map_includes = __commonJS({
  "node_modules/yaml/dist/compose/util-map-includes.js"(exports) {
    "use strict";
    var identity = require_identity();
    function mapIncludes(ctx, items, search) {
      const { uniqueKeys } = ctx.options;
      if (uniqueKeys === false)
        return false;
      const isEqual = typeof uniqueKeys === "function" ? uniqueKeys : (a, b) => a === b || identity.isScalar(a) && identity.isScalar(b) && a.value === b.value;
      return items.some((pair) => isEqual(pair.key, search));
    }
    exports.mapIncludes = mapIncludes;
  }
});

// node_modules/yaml/dist/compose/resolve-block-map.js
var require_resolve_block_map = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-map.js"(exports) {
    "use strict";
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    var utilMapIncludes = require_util_map_includes();
    var startColMsg = "All mapping items must start at the same column";
    function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
      const map2 = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      let offset = bm.offset;
      let commentEnd = null;
      for (const collItem of bm.items) {
        const { start: start2, key, sep, value } = collItem;
        const keyProps = resolveProps.resolveProps(start2, {
          indicator: "explicit-key-ind",
          next: key ?? sep?.[0],
          offset,
          onError,
          parentIndent: bm.indent,
          startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
          if (key) {
            if (key.type === "block-seq")
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "A block sequence may not be used as an implicit map key");
            else if ("indent" in key && key.indent !== bm.indent)
              onError(offset, "BAD_INDENT", startColMsg);
          }
          if (!keyProps.anchor && !keyProps.tag && !sep) {
            commentEnd = keyProps.end;
            if (keyProps.comment) {
              if (map2.comment)
                map2.comment += "\n" + keyProps.comment;
              else
                map2.comment = keyProps.comment;
            }
            continue;
          }
          if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
            onError(key ?? start2[start2.length - 1], "MULTILINE_IMPLICIT_KEY", "Implicit keys need to be on a single line");
          }
        } else if (keyProps.found?.indent !== bm.indent) {
          onError(offset, "BAD_INDENT", startColMsg);
        }
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key ? composeNode(ctx, key, keyProps, onError) : composeEmptyNode(ctx, keyStart, start2, null, keyProps, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map2.items, keyNode))
          onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
        const valueProps = resolveProps.resolveProps(sep ?? [], {
          indicator: "map-value-ind",
          next: value,
          offset: keyNode.range[2],
          onError,
          parentIndent: bm.indent,
          startOnNewline: !key || key.type === "block-scalar"
        });
        offset = valueProps.end;
        if (valueProps.found) {
          if (implicitKey) {
            if (value?.type === "block-map" && !valueProps.hasNewline)
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "Nested mappings are not allowed in compact mappings");
            if (ctx.options.strict && keyProps.start < valueProps.found.offset - 1024)
              onError(keyNode.range, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit block mapping key");
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : composeEmptyNode(ctx, offset, sep, null, valueProps, onError);
          if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
          offset = valueNode.range[2];
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map2.items.push(pair);
        } else {
          if (implicitKey)
            onError(keyNode.range, "MISSING_CHAR", "Implicit map keys need to be followed by map values");
          if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map2.items.push(pair);
        }
      }
      if (commentEnd && commentEnd < offset)
        onError(commentEnd, "IMPOSSIBLE", "Map comment with trailing content");
      map2.range = [bm.offset, offset, commentEnd ?? offset];
      return map2;
    }
    exports.resolveBlockMap = resolveBlockMap;
  }
});

// node_modules/yaml/dist/compose/resolve-block-seq.js
var require_resolve_block_seq = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-seq.js"(exports) {
    "use strict";
    var YAMLSeq = require_YAMLSeq();
    var resolveProps = require_resolve_props();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
      const seq = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = bs.offset;
      let commentEnd = null;
      for (const { start: start2, value } of bs.items) {
        const props = resolveProps.resolveProps(start2, {
          indicator: "seq-item-ind",
          next: value,
          offset,
          onError,
          parentIndent: bs.indent,
          startOnNewline: true
        });
        if (!props.found) {
          if (props.anchor || props.tag || value) {
            if (value?.type === "block-seq")
              onError(props.end, "BAD_INDENT", "All sequence items must start at the same column");
            else
              onError(offset, "MISSING_CHAR", "Sequence item without - indicator");
          } else {
            commentEnd = props.end;
            if (props.comment)
              seq.comment = props.comment;
            continue;
          }
        }
        const node2 = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, start2, null, props, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
        offset = node2.range[2];
        seq.items.push(node2);
      }
      seq.range = [bs.offset, offset, commentEnd ?? offset];
      return seq;
    }
    exports.resolveBlockSeq = resolveBlockSeq;
  }
});

// node_modules/yaml/dist/compose/resolve-end.js
var require_resolve_end = __commonJS({
  "node_modules/yaml/dist/compose/resolve-end.js"(exports) {
    "use strict";
    function resolveEnd(end, offset, reqSpace, onError) {
      let comment = "";
      if (end) {
        let hasSpace = false;
        let sep = "";
        for (const token of end) {
          const { source, type } = token;
          switch (type) {
            case "space":
              hasSpace = true;
              break;
            case "comment": {
              if (reqSpace && !hasSpace)
                onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
              const cb = source.substring(1) || " ";
              if (!comment)
                comment = cb;
              else
                comment += sep + cb;
              sep = "";
              break;
            }
            case "newline":
              if (comment)
                sep += source;
              hasSpace = true;
              break;
            default:
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${type} at node end`);
          }
          offset += source.length;
        }
      }
      return { comment, offset };
    }
    exports.resolveEnd = resolveEnd;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-collection.js
var require_resolve_flow_collection = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilMapIncludes = require_util_map_includes();
    var blockMsg = "Block collections are not allowed within flow collections";
    var isBlock = (token) => token && (token.type === "block-map" || token.type === "block-seq");
    function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
      const isMap2 = fc.start.source === "{";
      const fcName = isMap2 ? "flow map" : "flow sequence";
      const NodeClass = tag?.nodeClass ?? (isMap2 ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq);
      const coll = new NodeClass(ctx.schema);
      coll.flow = true;
      const atRoot = ctx.atRoot;
      if (atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = fc.offset + fc.start.source.length;
      for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start: start2, key, sep, value } = collItem;
        const props = resolveProps.resolveProps(start2, {
          flow: fcName,
          indicator: "explicit-key-ind",
          next: key ?? sep?.[0],
          offset,
          onError,
          parentIndent: fc.indent,
          startOnNewline: false
        });
        if (!props.found) {
          if (!props.anchor && !props.tag && !sep && !value) {
            if (i === 0 && props.comma)
              onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
            else if (i < fc.items.length - 1)
              onError(props.start, "UNEXPECTED_TOKEN", `Unexpected empty item in ${fcName}`);
            if (props.comment) {
              if (coll.comment)
                coll.comment += "\n" + props.comment;
              else
                coll.comment = props.comment;
            }
            offset = props.end;
            continue;
          }
          if (!isMap2 && ctx.options.strict && utilContainsNewline.containsNewline(key))
            onError(
              key,
              // checked by containsNewline()
              "MULTILINE_IMPLICIT_KEY",
              "Implicit keys of flow sequence pairs need to be on a single line"
            );
        }
        if (i === 0) {
          if (props.comma)
            onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
        } else {
          if (!props.comma)
            onError(props.start, "MISSING_CHAR", `Missing , between ${fcName} items`);
          if (props.comment) {
            let prevItemComment = "";
            loop: for (const st of start2) {
              switch (st.type) {
                case "comma":
                case "space":
                  break;
                case "comment":
                  prevItemComment = st.source.substring(1);
                  break loop;
                default:
                  break loop;
              }
            }
            if (prevItemComment) {
              let prev = coll.items[coll.items.length - 1];
              if (identity.isPair(prev))
                prev = prev.value ?? prev.key;
              if (prev.comment)
                prev.comment += "\n" + prevItemComment;
              else
                prev.comment = prevItemComment;
              props.comment = props.comment.substring(prevItemComment.length + 1);
            }
          }
        }
        if (!isMap2 && !sep && !props.found) {
          const valueNode = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, sep, null, props, onError);
          coll.items.push(valueNode);
          offset = valueNode.range[2];
          if (isBlock(value))
            onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
        } else {
          ctx.atKey = true;
          const keyStart = props.end;
          const keyNode = key ? composeNode(ctx, key, props, onError) : composeEmptyNode(ctx, keyStart, start2, null, props, onError);
          if (isBlock(key))
            onError(keyNode.range, "BLOCK_IN_FLOW", blockMsg);
          ctx.atKey = false;
          const valueProps = resolveProps.resolveProps(sep ?? [], {
            flow: fcName,
            indicator: "map-value-ind",
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
          });
          if (valueProps.found) {
            if (!isMap2 && !props.found && ctx.options.strict) {
              if (sep)
                for (const st of sep) {
                  if (st === valueProps.found)
                    break;
                  if (st.type === "newline") {
                    onError(st, "MULTILINE_IMPLICIT_KEY", "Implicit keys of flow sequence pairs need to be on a single line");
                    break;
                  }
                }
              if (props.start < valueProps.found.offset - 1024)
                onError(valueProps.found, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit flow sequence key");
            }
          } else if (value) {
            if ("source" in value && value.source?.[0] === ":")
              onError(value, "MISSING_CHAR", `Missing space after : in ${fcName}`);
            else
              onError(valueProps.start, "MISSING_CHAR", `Missing , or : between ${fcName} items`);
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : valueProps.found ? composeEmptyNode(ctx, valueProps.end, sep, null, valueProps, onError) : null;
          if (valueNode) {
            if (isBlock(value))
              onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
          } else if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          if (isMap2) {
            const map2 = coll;
            if (utilMapIncludes.mapIncludes(ctx, map2.items, keyNode))
              onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
            map2.items.push(pair);
          } else {
            const map2 = new YAMLMap.YAMLMap(ctx.schema);
            map2.flow = true;
            map2.items.push(pair);
            const endRange = (valueNode ?? keyNode).range;
            map2.range = [keyNode.range[0], endRange[1], endRange[2]];
            coll.items.push(map2);
          }
          offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
      }
      const expectedEnd = isMap2 ? "}" : "]";
      const [ce, ...ee] = fc.end;
      let cePos = offset;
      if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
      else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot ? `${name} must end with a ${expectedEnd}` : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? "MISSING_CHAR" : "BAD_INDENT", msg);
        if (ce && ce.source.length !== 1)
          ee.unshift(ce);
      }
      if (ee.length > 0) {
        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
          if (coll.comment)
            coll.comment += "\n" + end.comment;
          else
            coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
      } else {
        coll.range = [fc.offset, cePos, cePos];
      }
      return coll;
    }
    exports.resolveFlowCollection = resolveFlowCollection;
  }
});

// node_modules/yaml/dist/compose/compose-collection.js
var require_compose_collection = __commonJS({
  "node_modules/yaml/dist/compose/compose-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveBlockMap = require_resolve_block_map();
    var resolveBlockSeq = require_resolve_block_seq();
    var resolveFlowCollection = require_resolve_flow_collection();
    function resolveCollection(CN, ctx, token, onError, tagName, tag) {
      const coll = token.type === "block-map" ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag) : token.type === "block-seq" ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag) : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
      const Coll = coll.constructor;
      if (tagName === "!" || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
      }
      if (tagName)
        coll.tag = tagName;
      return coll;
    }
    function composeCollection(CN, ctx, token, props, onError) {
      const tagToken = props.tag;
      const tagName = !tagToken ? null : ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg));
      if (token.type === "block-seq") {
        const { anchor: anchor2, newlineAfterProp: nl } = props;
        const lastProp = anchor2 && tagToken ? anchor2.offset > tagToken.offset ? anchor2 : tagToken : anchor2 ?? tagToken;
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
          const message = "Missing newline after block sequence props";
          onError(lastProp, "MISSING_CHAR", message);
        }
      }
      const expType = token.type === "block-map" ? "map" : token.type === "block-seq" ? "seq" : token.start.source === "{" ? "map" : "seq";
      if (!tagToken || !tagName || tagName === "!" || tagName === YAMLMap.YAMLMap.tagName && expType === "map" || tagName === YAMLSeq.YAMLSeq.tagName && expType === "seq") {
        return resolveCollection(CN, ctx, token, onError, tagName);
      }
      let tag = ctx.schema.tags.find((t) => t.tag === tagName && t.collection === expType);
      if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
          ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
          tag = kt;
        } else {
          if (kt) {
            onError(tagToken, "BAD_COLLECTION_TYPE", `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? "scalar"}`, true);
          } else {
            onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, true);
          }
          return resolveCollection(CN, ctx, token, onError, tagName);
        }
      }
      const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
      const res = tag.resolve?.(coll, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg), ctx.options) ?? coll;
      const node2 = identity.isNode(res) ? res : new Scalar.Scalar(res);
      node2.range = coll.range;
      node2.tag = tagName;
      if (tag?.format)
        node2.format = tag.format;
      return node2;
    }
    exports.composeCollection = composeCollection;
  }
});

// node_modules/yaml/dist/compose/resolve-block-scalar.js
var require_resolve_block_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function resolveBlockScalar(ctx, scalar, onError) {
      const start2 = scalar.offset;
      const header = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
      if (!header)
        return { value: "", type: null, comment: "", range: [start2, start2, start2] };
      const type = header.mode === ">" ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
      const lines = scalar.source ? splitLines(scalar.source) : [];
      let chompStart = lines.length;
      for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === "" || content === "\r")
          chompStart = i;
        else
          break;
      }
      if (chompStart === 0) {
        const value2 = header.chomp === "+" && lines.length > 0 ? "\n".repeat(Math.max(1, lines.length - 1)) : "";
        let end2 = start2 + header.length;
        if (scalar.source)
          end2 += scalar.source.length;
        return { value: value2, type, comment: header.comment, range: [start2, end2, end2] };
      }
      let trimIndent = scalar.indent + header.indent;
      let offset = scalar.offset + header.length;
      let contentStart = 0;
      for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === "" || content === "\r") {
          if (header.indent === 0 && indent.length > trimIndent)
            trimIndent = indent.length;
        } else {
          if (indent.length < trimIndent) {
            const message = "Block scalars with more-indented leading empty lines must use an explicit indentation indicator";
            onError(offset + indent.length, "MISSING_CHAR", message);
          }
          if (header.indent === 0)
            trimIndent = indent.length;
          contentStart = i;
          if (trimIndent === 0 && !ctx.atRoot) {
            const message = "Block scalar values in collections must be indented";
            onError(offset, "BAD_INDENT", message);
          }
          break;
        }
        offset += indent.length + content.length + 1;
      }
      for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
          chompStart = i + 1;
      }
      let value = "";
      let sep = "";
      let prevMoreIndented = false;
      for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + "\n";
      for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === "\r";
        if (crlf)
          content = content.slice(0, -1);
        if (content && indent.length < trimIndent) {
          const src = header.indent ? "explicit indentation indicator" : "first line";
          const message = `Block scalar lines must not be less indented than their ${src}`;
          onError(offset - content.length - (crlf ? 2 : 1), "BAD_INDENT", message);
          indent = "";
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
          value += sep + indent.slice(trimIndent) + content;
          sep = "\n";
        } else if (indent.length > trimIndent || content[0] === "	") {
          if (sep === " ")
            sep = "\n";
          else if (!prevMoreIndented && sep === "\n")
            sep = "\n\n";
          value += sep + indent.slice(trimIndent) + content;
          sep = "\n";
          prevMoreIndented = true;
        } else if (content === "") {
          if (sep === "\n")
            value += "\n";
          else
            sep = "\n";
        } else {
          value += sep + content;
          sep = " ";
          prevMoreIndented = false;
        }
      }
      switch (header.chomp) {
        case "-":
          break;
        case "+":
          for (let i = chompStart; i < lines.length; ++i)
            value += "\n" + lines[i][0].slice(trimIndent);
          if (value[value.length - 1] !== "\n")
            value += "\n";
          break;
        default:
          value += "\n";
      }
      const end = start2 + header.length + scalar.source.length;
      return { value, type, comment: header.comment, range: [start2, end, end] };
    }
    function parseBlockScalarHeader({ offset, props }, strict, onError) {
      if (props[0].type !== "block-scalar-header") {
        onError(props[0], "IMPOSSIBLE", "Block scalar header not found");
        return null;
      }
      const { source } = props[0];
      const mode = source[0];
      let indent = 0;
      let chomp = "";
      let error2 = -1;
      for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === "-" || ch === "+"))
          chomp = ch;
        else {
          const n = Number(ch);
          if (!indent && n)
            indent = n;
          else if (error2 === -1)
            error2 = offset + i;
        }
      }
      if (error2 !== -1)
        onError(error2, "UNEXPECTED_TOKEN", `Block scalar header includes extra characters: ${source}`);
      let hasSpace = false;
      let comment = "";
      let length = source.length;
      for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
          case "space":
            hasSpace = true;
          // fallthrough
          case "newline":
            length += token.source.length;
            break;
          case "comment":
            if (strict && !hasSpace) {
              const message = "Comments must be separated from other tokens by white space characters";
              onError(token, "MISSING_CHAR", message);
            }
            length += token.source.length;
            comment = token.source.substring(1);
            break;
          case "error":
            onError(token, "UNEXPECTED_TOKEN", token.message);
            length += token.source.length;
            break;
          /* istanbul ignore next should not happen */
          default: {
            const message = `Unexpected token in block scalar header: ${token.type}`;
            onError(token, "UNEXPECTED_TOKEN", message);
            const ts = token.source;
            if (ts && typeof ts === "string")
              length += ts.length;
          }
        }
      }
      return { mode, indent, chomp, comment, length };
    }
    function splitLines(source) {
      const split = source.split(/\n( *)/);
      const first = split[0];
      const m = first.match(/^( *)/);
      const line0 = m?.[1] ? [m[1], first.slice(m[1].length)] : ["", first];
      const lines = [line0];
      for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
      return lines;
    }
    exports.resolveBlockScalar = resolveBlockScalar;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-scalar.js
var require_resolve_flow_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var resolveEnd = require_resolve_end();
    function resolveFlowScalar(scalar, strict, onError) {
      const { offset, type, source, end } = scalar;
      let _type;
      let value;
      const _onError = (rel, code, msg) => onError(offset + rel, code, msg);
      switch (type) {
        case "scalar":
          _type = Scalar.Scalar.PLAIN;
          value = plainValue(source, _onError);
          break;
        case "single-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_SINGLE;
          value = singleQuotedValue(source, _onError);
          break;
        case "double-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_DOUBLE;
          value = doubleQuotedValue(source, _onError);
          break;
        /* istanbul ignore next should not happen */
        default:
          onError(scalar, "UNEXPECTED_TOKEN", `Expected a flow scalar value, but found: ${type}`);
          return {
            value: "",
            type: null,
            comment: "",
            range: [offset, offset + source.length, offset + source.length]
          };
      }
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, strict, onError);
      return {
        value,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd, re.offset]
      };
    }
    function plainValue(source, onError) {
      let badChar = "";
      switch (source[0]) {
        /* istanbul ignore next should not happen */
        case "	":
          badChar = "a tab character";
          break;
        case ",":
          badChar = "flow indicator character ,";
          break;
        case "%":
          badChar = "directive indicator character %";
          break;
        case "|":
        case ">": {
          badChar = `block scalar indicator ${source[0]}`;
          break;
        }
        case "@":
        case "`": {
          badChar = `reserved character ${source[0]}`;
          break;
        }
      }
      if (badChar)
        onError(0, "BAD_SCALAR_START", `Plain value cannot start with ${badChar}`);
      return unfoldLines(source);
    }
    function singleQuotedValue(source, onError) {
      if (source[source.length - 1] !== "'" || source.length === 1)
        onError(source.length, "MISSING_CHAR", "Missing closing 'quote");
      return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
    }
    function unfoldLines(source) {
      const line = /(.*?)\r?\n/sy;
      let match = line.exec(source);
      if (!match)
        return source;
      let trimEnd, trimBoth;
      try {
        trimEnd = new RegExp("(?<![ 	])[ 	]+$");
        trimBoth = new RegExp("^[ 	]+|(?<![ 	])[ 	]+$", "g");
      } catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
      }
      let res = match[1].replace(trimEnd, "");
      let sep = " ";
      let pos = line.lastIndex;
      while (match = line.exec(source)) {
        const lm = match[1].replace(trimBoth, "");
        if (lm === "") {
          if (sep === "\n")
            res += sep;
          else
            sep = "\n";
        } else {
          res += sep + lm;
          sep = " ";
        }
        pos = line.lastIndex;
      }
      const last = /[ \t]*(.*)/sy;
      last.lastIndex = pos;
      match = last.exec(source);
      return res + sep + (match?.[1] ?? "");
    }
    function doubleQuotedValue(source, onError) {
      let res = "";
      for (let i = 1; i < source.length - 1; ++i) {
        const ch = source[i];
        if (ch === "\r" && source[i + 1] === "\n")
          continue;
        if (ch === "\n") {
          const { fold, offset } = foldNewline(source, i);
          res += fold;
          i = offset;
        } else if (ch === "\\") {
          let next = source[++i];
          const cc = escapeCodes[next];
          if (cc)
            res += cc;
          else if (next === "\n") {
            next = source[i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "\r" && source[i + 1] === "\n") {
            next = source[++i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "x" || next === "u" || next === "U") {
            const length = next === "x" ? 2 : next === "u" ? 4 : 8;
            res += parseCharCode(source, i + 1, length, onError);
            i += length;
          } else {
            const raw = source.substr(i - 1, 2);
            onError(i - 1, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
            res += raw;
          }
        } else if (ch === " " || ch === "	") {
          const wsStart = i;
          let next = source[i + 1];
          while (next === " " || next === "	")
            next = source[++i + 1];
          if (next !== "\n" && !(next === "\r" && source[i + 2] === "\n"))
            res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
        } else {
          res += ch;
        }
      }
      if (source[source.length - 1] !== '"' || source.length === 1)
        onError(source.length, "MISSING_CHAR", 'Missing closing "quote');
      return res;
    }
    function foldNewline(source, offset) {
      let fold = "";
      let ch = source[offset + 1];
      while (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
        if (ch === "\r" && source[offset + 2] !== "\n")
          break;
        if (ch === "\n")
          fold += "\n";
        offset += 1;
        ch = source[offset + 1];
      }
      if (!fold)
        fold = " ";
      return { fold, offset };
    }
    var escapeCodes = {
      "0": "\0",
      // null character
      a: "\x07",
      // bell character
      b: "\b",
      // backspace
      e: "\x1B",
      // escape character
      f: "\f",
      // form feed
      n: "\n",
      // line feed
      r: "\r",
      // carriage return
      t: "	",
      // horizontal tab
      v: "\v",
      // vertical tab
      N: "\x85",
      // Unicode next line
      _: "\xA0",
      // Unicode non-breaking space
      L: "\u2028",
      // Unicode line separator
      P: "\u2029",
      // Unicode paragraph separator
      " ": " ",
      '"': '"',
      "/": "/",
      "\\": "\\",
      "	": "	"
    };
    function parseCharCode(source, offset, length, onError) {
      const cc = source.substr(offset, length);
      const ok2 = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
      const code = ok2 ? parseInt(cc, 16) : NaN;
      try {
        return String.fromCodePoint(code);
      } catch {
        const raw = source.substr(offset - 2, length + 2);
        onError(offset - 2, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
        return raw;
      }
    }
    exports.resolveFlowScalar = resolveFlowScalar;
  }
});

// node_modules/yaml/dist/compose/compose-scalar.js
var require_compose_scalar = __commonJS({
  "node_modules/yaml/dist/compose/compose-scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    function composeScalar(ctx, token, tagToken, onError) {
      const { value, type, comment, range } = token.type === "block-scalar" ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError) : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
      const tagName = tagToken ? ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg)) : null;
      let tag;
      if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity.SCALAR];
      } else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
      else if (token.type === "scalar")
        tag = findScalarTagByTest(ctx, value, token, onError);
      else
        tag = ctx.schema[identity.SCALAR];
      let scalar;
      try {
        const res = tag.resolve(value, (msg) => onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg), ctx.options);
        scalar = identity.isScalar(res) ? res : new Scalar.Scalar(res);
      } catch (error2) {
        const msg = error2 instanceof Error ? error2.message : String(error2);
        onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg);
        scalar = new Scalar.Scalar(value);
      }
      scalar.range = range;
      scalar.source = value;
      if (type)
        scalar.type = type;
      if (tagName)
        scalar.tag = tagName;
      if (tag.format)
        scalar.format = tag.format;
      if (comment)
        scalar.comment = comment;
      return scalar;
    }
    function findScalarTagByName(schema, value, tagName, tagToken, onError) {
      if (tagName === "!")
        return schema[identity.SCALAR];
      const matchWithTest = [];
      for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
          if (tag.default && tag.test)
            matchWithTest.push(tag);
          else
            return tag;
        }
      }
      for (const tag of matchWithTest)
        if (tag.test?.test(value))
          return tag;
      const kt = schema.knownTags[tagName];
      if (kt && !kt.collection) {
        schema.tags.push(Object.assign({}, kt, { default: false, test: void 0 }));
        return kt;
      }
      onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, tagName !== "tag:yaml.org,2002:str");
      return schema[identity.SCALAR];
    }
    function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
      const tag = schema.tags.find((tag2) => (tag2.default === true || atKey && tag2.default === "key") && tag2.test?.test(value)) || schema[identity.SCALAR];
      if (schema.compat) {
        const compat = schema.compat.find((tag2) => tag2.default && tag2.test?.test(value)) ?? schema[identity.SCALAR];
        if (tag.tag !== compat.tag) {
          const ts = directives.tagString(tag.tag);
          const cs = directives.tagString(compat.tag);
          const msg = `Value may be parsed as either ${ts} or ${cs}`;
          onError(token, "TAG_RESOLVE_FAILED", msg, true);
        }
      }
      return tag;
    }
    exports.composeScalar = composeScalar;
  }
});

// node_modules/yaml/dist/compose/util-empty-scalar-position.js
var require_util_empty_scalar_position = __commonJS({
  "node_modules/yaml/dist/compose/util-empty-scalar-position.js"(exports) {
    "use strict";
    function emptyScalarPosition(offset, before, pos) {
      if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
          let st = before[i];
          switch (st.type) {
            case "space":
            case "comment":
            case "newline":
              offset -= st.source.length;
              continue;
          }
          st = before[++i];
          while (st?.type === "space") {
            offset += st.source.length;
            st = before[++i];
          }
          break;
        }
      }
      return offset;
    }
    exports.emptyScalarPosition = emptyScalarPosition;
  }
});

// node_modules/yaml/dist/compose/compose-node.js
var require_compose_node = __commonJS({
  "node_modules/yaml/dist/compose/compose-node.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var composeCollection = require_compose_collection();
    var composeScalar = require_compose_scalar();
    var resolveEnd = require_resolve_end();
    var utilEmptyScalarPosition = require_util_empty_scalar_position();
    var CN = { composeNode, composeEmptyNode };
    function composeNode(ctx, token, props, onError) {
      const atKey = ctx.atKey;
      const { spaceBefore, comment, anchor: anchor2, tag } = props;
      let node2;
      let isSrcToken = true;
      switch (token.type) {
        case "alias":
          node2 = composeAlias(ctx, token, onError);
          if (anchor2 || tag)
            onError(token, "ALIAS_PROPS", "An alias node must not specify any properties");
          break;
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "block-scalar":
          node2 = composeScalar.composeScalar(ctx, token, tag, onError);
          if (anchor2)
            node2.anchor = anchor2.source.substring(1);
          break;
        case "block-map":
        case "block-seq":
        case "flow-collection":
          try {
            node2 = composeCollection.composeCollection(CN, ctx, token, props, onError);
            if (anchor2)
              node2.anchor = anchor2.source.substring(1);
          } catch (error2) {
            const message = error2 instanceof Error ? error2.message : String(error2);
            onError(token, "RESOURCE_EXHAUSTION", message);
          }
          break;
        default: {
          const message = token.type === "error" ? token.message : `Unsupported token (type: ${token.type})`;
          onError(token, "UNEXPECTED_TOKEN", message);
          isSrcToken = false;
        }
      }
      node2 ?? (node2 = composeEmptyNode(ctx, token.offset, void 0, null, props, onError));
      if (anchor2 && node2.anchor === "")
        onError(anchor2, "BAD_ALIAS", "Anchor cannot be an empty string");
      if (atKey && ctx.options.stringKeys && (!identity.isScalar(node2) || typeof node2.value !== "string" || node2.tag && node2.tag !== "tag:yaml.org,2002:str")) {
        const msg = "With stringKeys, all keys must be strings";
        onError(tag ?? token, "NON_STRING_KEY", msg);
      }
      if (spaceBefore)
        node2.spaceBefore = true;
      if (comment) {
        if (token.type === "scalar" && token.source === "")
          node2.comment = comment;
        else
          node2.commentBefore = comment;
      }
      if (ctx.options.keepSourceTokens && isSrcToken)
        node2.srcToken = token;
      return node2;
    }
    function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor: anchor2, tag, end }, onError) {
      const token = {
        type: "scalar",
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ""
      };
      const node2 = composeScalar.composeScalar(ctx, token, tag, onError);
      if (anchor2) {
        node2.anchor = anchor2.source.substring(1);
        if (node2.anchor === "")
          onError(anchor2, "BAD_ALIAS", "Anchor cannot be an empty string");
      }
      if (spaceBefore)
        node2.spaceBefore = true;
      if (comment) {
        node2.comment = comment;
        node2.range[2] = end;
      }
      return node2;
    }
    function composeAlias({ options }, { offset, source, end }, onError) {
      const alias = new Alias.Alias(source.substring(1));
      if (alias.source === "")
        onError(offset, "BAD_ALIAS", "Alias cannot be an empty string");
      if (alias.source.endsWith(":"))
        onError(offset + source.length - 1, "BAD_ALIAS", "Alias ending in : is ambiguous", true);
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
      alias.range = [offset, valueEnd, re.offset];
      if (re.comment)
        alias.comment = re.comment;
      return alias;
    }
    exports.composeEmptyNode = composeEmptyNode;
    exports.composeNode = composeNode;
  }
});

// node_modules/yaml/dist/compose/compose-doc.js
var require_compose_doc = __commonJS({
  "node_modules/yaml/dist/compose/compose-doc.js"(exports) {
    "use strict";
    var Document = require_Document();
    var composeNode = require_compose_node();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    function composeDoc(options, directives, { offset, start: start2, value, end }, onError) {
      const opts = Object.assign({ _directives: directives }, options);
      const doc = new Document.Document(void 0, opts);
      const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
      };
      const props = resolveProps.resolveProps(start2, {
        indicator: "doc-start",
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
      });
      if (props.found) {
        doc.directives.docStart = true;
        if (value && (value.type === "block-map" || value.type === "block-seq") && !props.hasNewline)
          onError(props.end, "MISSING_CHAR", "Block collection cannot start on same line with directives-end marker");
      }
      doc.contents = value ? composeNode.composeNode(ctx, value, props, onError) : composeNode.composeEmptyNode(ctx, props.end, start2, null, props, onError);
      const contentEnd = doc.contents.range[2];
      const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
      if (re.comment)
        doc.comment = re.comment;
      doc.range = [offset, contentEnd, re.offset];
      return doc;
    }
    exports.composeDoc = composeDoc;
  }
});

// node_modules/yaml/dist/compose/composer.js
var require_composer = __commonJS({
  "node_modules/yaml/dist/compose/composer.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var directives = require_directives();
    var Document = require_Document();
    var errors = require_errors();
    var identity = require_identity();
    var composeDoc = require_compose_doc();
    var resolveEnd = require_resolve_end();
    function getErrorPos(src) {
      if (typeof src === "number")
        return [src, src + 1];
      if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
      const { offset, source } = src;
      return [offset, offset + (typeof source === "string" ? source.length : 1)];
    }
    function parsePrelude(prelude) {
      let comment = "";
      let atComment = false;
      let afterEmptyLine = false;
      for (let i = 0; i < prelude.length; ++i) {
        const source = prelude[i];
        switch (source[0]) {
          case "#":
            comment += (comment === "" ? "" : afterEmptyLine ? "\n\n" : "\n") + (source.substring(1) || " ");
            atComment = true;
            afterEmptyLine = false;
            break;
          case "%":
            if (prelude[i + 1]?.[0] !== "#")
              i += 1;
            atComment = false;
            break;
          default:
            if (!atComment)
              afterEmptyLine = true;
            atComment = false;
        }
      }
      return { comment, afterEmptyLine };
    }
    var Composer = class {
      constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source, code, message, warning) => {
          const pos = getErrorPos(source);
          if (warning)
            this.warnings.push(new errors.YAMLWarning(pos, code, message));
          else
            this.errors.push(new errors.YAMLParseError(pos, code, message));
        };
        this.directives = new directives.Directives({ version: options.version || "1.2" });
        this.options = options;
      }
      decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        if (comment) {
          const dc = doc.contents;
          if (afterDoc) {
            doc.comment = doc.comment ? `${doc.comment}
${comment}` : comment;
          } else if (afterEmptyLine || doc.directives.docStart || !dc) {
            doc.commentBefore = comment;
          } else if (identity.isCollection(dc) && !dc.flow && dc.items.length > 0) {
            let it = dc.items[0];
            if (identity.isPair(it))
              it = it.key;
            const cb = it.commentBefore;
            it.commentBefore = cb ? `${comment}
${cb}` : comment;
          } else {
            const cb = dc.commentBefore;
            dc.commentBefore = cb ? `${comment}
${cb}` : comment;
          }
        }
        if (afterDoc) {
          for (let i = 0; i < this.errors.length; ++i)
            doc.errors.push(this.errors[i]);
          for (let i = 0; i < this.warnings.length; ++i)
            doc.warnings.push(this.warnings[i]);
        } else {
          doc.errors = this.errors;
          doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
      }
      /**
       * Current stream status information.
       *
       * Mostly useful at the end of input for an empty stream.
       */
      streamInfo() {
        return {
          comment: parsePrelude(this.prelude).comment,
          directives: this.directives,
          errors: this.errors,
          warnings: this.warnings
        };
      }
      /**
       * Compose tokens into documents.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
          yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
      }
      /** Advance the composer by one CST token. */
      *next(token) {
        if (node_process.env.LOG_STREAM)
          console.dir(token, { depth: null });
        switch (token.type) {
          case "directive":
            this.directives.add(token.source, (offset, message, warning) => {
              const pos = getErrorPos(token);
              pos[0] += offset;
              this.onError(pos, "BAD_DIRECTIVE", message, warning);
            });
            this.prelude.push(token.source);
            this.atDirectives = true;
            break;
          case "document": {
            const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
            if (this.atDirectives && !doc.directives.docStart)
              this.onError(token, "MISSING_CHAR", "Missing directives-end/doc-start indicator line");
            this.decorate(doc, false);
            if (this.doc)
              yield this.doc;
            this.doc = doc;
            this.atDirectives = false;
            break;
          }
          case "byte-order-mark":
          case "space":
            break;
          case "comment":
          case "newline":
            this.prelude.push(token.source);
            break;
          case "error": {
            const msg = token.source ? `${token.message}: ${JSON.stringify(token.source)}` : token.message;
            const error2 = new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg);
            if (this.atDirectives || !this.doc)
              this.errors.push(error2);
            else
              this.doc.errors.push(error2);
            break;
          }
          case "doc-end": {
            if (!this.doc) {
              const msg = "Unexpected doc-end without preceding document";
              this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg));
              break;
            }
            this.doc.directives.docEnd = true;
            const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
            this.decorate(this.doc, true);
            if (end.comment) {
              const dc = this.doc.comment;
              this.doc.comment = dc ? `${dc}
${end.comment}` : end.comment;
            }
            this.doc.range[2] = end.offset;
            break;
          }
          default:
            this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", `Unsupported token ${token.type}`));
        }
      }
      /**
       * Call at end of input to yield any remaining document.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
          this.decorate(this.doc, true);
          yield this.doc;
          this.doc = null;
        } else if (forceDoc) {
          const opts = Object.assign({ _directives: this.directives }, this.options);
          const doc = new Document.Document(void 0, opts);
          if (this.atDirectives)
            this.onError(endOffset, "MISSING_CHAR", "Missing directives-end indicator line");
          doc.range = [0, endOffset, endOffset];
          this.decorate(doc, false);
          yield doc;
        }
      }
    };
    exports.Composer = Composer;
  }
});

// node_modules/yaml/dist/parse/cst-scalar.js
var require_cst_scalar = __commonJS({
  "node_modules/yaml/dist/parse/cst-scalar.js"(exports) {
    "use strict";
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    var errors = require_errors();
    var stringifyString = require_stringifyString();
    function resolveAsScalar(token, strict = true, onError) {
      if (token) {
        const _onError = (pos, code, message) => {
          const offset = typeof pos === "number" ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
          if (onError)
            onError(offset, code, message);
          else
            throw new errors.YAMLParseError([offset, offset + 1], code, message);
        };
        switch (token.type) {
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
          case "block-scalar":
            return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
      }
      return null;
    }
    function createScalarToken(value, context) {
      const { implicitKey = false, indent, inFlow = false, offset = -1, type = "PLAIN" } = context;
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      const end = context.end ?? [
        { type: "newline", offset: -1, indent, source: "\n" }
      ];
      switch (source[0]) {
        case "|":
        case ">": {
          const he = source.indexOf("\n");
          const head = source.substring(0, he);
          const body = source.substring(he + 1) + "\n";
          const props = [
            { type: "block-scalar-header", offset, indent, source: head }
          ];
          if (!addEndtoBlockProps(props, end))
            props.push({ type: "newline", offset: -1, indent, source: "\n" });
          return { type: "block-scalar", offset, indent, props, source: body };
        }
        case '"':
          return { type: "double-quoted-scalar", offset, indent, source, end };
        case "'":
          return { type: "single-quoted-scalar", offset, indent, source, end };
        default:
          return { type: "scalar", offset, indent, source, end };
      }
    }
    function setScalarValue(token, value, context = {}) {
      let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
      let indent = "indent" in token ? token.indent : null;
      if (afterKey && typeof indent === "number")
        indent += 2;
      if (!type)
        switch (token.type) {
          case "single-quoted-scalar":
            type = "QUOTE_SINGLE";
            break;
          case "double-quoted-scalar":
            type = "QUOTE_DOUBLE";
            break;
          case "block-scalar": {
            const header = token.props[0];
            if (header.type !== "block-scalar-header")
              throw new Error("Invalid block scalar header");
            type = header.source[0] === ">" ? "BLOCK_FOLDED" : "BLOCK_LITERAL";
            break;
          }
          default:
            type = "PLAIN";
        }
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      switch (source[0]) {
        case "|":
        case ">":
          setBlockScalarValue(token, source);
          break;
        case '"':
          setFlowScalarValue(token, source, "double-quoted-scalar");
          break;
        case "'":
          setFlowScalarValue(token, source, "single-quoted-scalar");
          break;
        default:
          setFlowScalarValue(token, source, "scalar");
      }
    }
    function setBlockScalarValue(token, source) {
      const he = source.indexOf("\n");
      const head = source.substring(0, he);
      const body = source.substring(he + 1) + "\n";
      if (token.type === "block-scalar") {
        const header = token.props[0];
        if (header.type !== "block-scalar-header")
          throw new Error("Invalid block scalar header");
        header.source = head;
        token.source = body;
      } else {
        const { offset } = token;
        const indent = "indent" in token ? token.indent : -1;
        const props = [
          { type: "block-scalar-header", offset, indent, source: head }
        ];
        if (!addEndtoBlockProps(props, "end" in token ? token.end : void 0))
          props.push({ type: "newline", offset: -1, indent, source: "\n" });
        for (const key of Object.keys(token))
          if (key !== "type" && key !== "offset")
            delete token[key];
        Object.assign(token, { type: "block-scalar", indent, props, source: body });
      }
    }
    function addEndtoBlockProps(props, end) {
      if (end)
        for (const st of end)
          switch (st.type) {
            case "space":
            case "comment":
              props.push(st);
              break;
            case "newline":
              props.push(st);
              return true;
          }
      return false;
    }
    function setFlowScalarValue(token, source, type) {
      switch (token.type) {
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          token.type = type;
          token.source = source;
          break;
        case "block-scalar": {
          const end = token.props.slice(1);
          let oa = source.length;
          if (token.props[0].type === "block-scalar-header")
            oa -= token.props[0].source.length;
          for (const tok of end)
            tok.offset += oa;
          delete token.props;
          Object.assign(token, { type, source, end });
          break;
        }
        case "block-map":
        case "block-seq": {
          const offset = token.offset + source.length;
          const nl = { type: "newline", offset, indent: token.indent, source: "\n" };
          delete token.items;
          Object.assign(token, { type, source, end: [nl] });
          break;
        }
        default: {
          const indent = "indent" in token ? token.indent : -1;
          const end = "end" in token && Array.isArray(token.end) ? token.end.filter((st) => st.type === "space" || st.type === "comment" || st.type === "newline") : [];
          for (const key of Object.keys(token))
            if (key !== "type" && key !== "offset")
              delete token[key];
          Object.assign(token, { type, indent, source, end });
        }
      }
    }
    exports.createScalarToken = createScalarToken;
    exports.resolveAsScalar = resolveAsScalar;
    exports.setScalarValue = setScalarValue;
  }
});

// node_modules/yaml/dist/parse/cst-stringify.js
var require_cst_stringify = __commonJS({
  "node_modules/yaml/dist/parse/cst-stringify.js"(exports) {
    "use strict";
    var stringify2 = (cst) => "type" in cst ? stringifyToken(cst) : stringifyItem(cst);
    function stringifyToken(token) {
      switch (token.type) {
        case "block-scalar": {
          let res = "";
          for (const tok of token.props)
            res += stringifyToken(tok);
          return res + token.source;
        }
        case "block-map":
        case "block-seq": {
          let res = "";
          for (const item of token.items)
            res += stringifyItem(item);
          return res;
        }
        case "flow-collection": {
          let res = token.start.source;
          for (const item of token.items)
            res += stringifyItem(item);
          for (const st of token.end)
            res += st.source;
          return res;
        }
        case "document": {
          let res = stringifyItem(token);
          if (token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
        default: {
          let res = token.source;
          if ("end" in token && token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
      }
    }
    function stringifyItem({ start: start2, key, sep, value }) {
      let res = "";
      for (const st of start2)
        res += st.source;
      if (key)
        res += stringifyToken(key);
      if (sep)
        for (const st of sep)
          res += st.source;
      if (value)
        res += stringifyToken(value);
      return res;
    }
    exports.stringify = stringify2;
  }
});

// node_modules/yaml/dist/parse/cst-visit.js
var require_cst_visit = __commonJS({
  "node_modules/yaml/dist/parse/cst-visit.js"(exports) {
    "use strict";
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove item");
    function visit2(cst, visitor) {
      if ("type" in cst && cst.type === "document")
        cst = { start: cst.start, value: cst.value };
      _visit(Object.freeze([]), cst, visitor);
    }
    visit2.BREAK = BREAK;
    visit2.SKIP = SKIP;
    visit2.REMOVE = REMOVE;
    visit2.itemAtPath = (cst, path) => {
      let item = cst;
      for (const [field, index] of path) {
        const tok = item?.[field];
        if (tok && "items" in tok) {
          item = tok.items[index];
        } else
          return void 0;
      }
      return item;
    };
    visit2.parentCollection = (cst, path) => {
      const parent = visit2.itemAtPath(cst, path.slice(0, -1));
      const field = path[path.length - 1][0];
      const coll = parent?.[field];
      if (coll && "items" in coll)
        return coll;
      throw new Error("Parent collection not found");
    };
    function _visit(path, item, visitor) {
      let ctrl = visitor(item, path);
      if (typeof ctrl === "symbol")
        return ctrl;
      for (const field of ["key", "value"]) {
        const token = item[field];
        if (token && "items" in token) {
          for (let i = 0; i < token.items.length; ++i) {
            const ci = _visit(Object.freeze(path.concat([[field, i]])), token.items[i], visitor);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              token.items.splice(i, 1);
              i -= 1;
            }
          }
          if (typeof ctrl === "function" && field === "key")
            ctrl = ctrl(item, path);
        }
      }
      return typeof ctrl === "function" ? ctrl(item, path) : ctrl;
    }
    exports.visit = visit2;
  }
});

// node_modules/yaml/dist/parse/cst.js
var require_cst = __commonJS({
  "node_modules/yaml/dist/parse/cst.js"(exports) {
    "use strict";
    var cstScalar = require_cst_scalar();
    var cstStringify = require_cst_stringify();
    var cstVisit = require_cst_visit();
    var BOM = "\uFEFF";
    var DOCUMENT = "";
    var FLOW_END = "";
    var SCALAR = "";
    var isCollection = (token) => !!token && "items" in token;
    var isScalar = (token) => !!token && (token.type === "scalar" || token.type === "single-quoted-scalar" || token.type === "double-quoted-scalar" || token.type === "block-scalar");
    function prettyToken(token) {
      switch (token) {
        case BOM:
          return "<BOM>";
        case DOCUMENT:
          return "<DOC>";
        case FLOW_END:
          return "<FLOW_END>";
        case SCALAR:
          return "<SCALAR>";
        default:
          return JSON.stringify(token);
      }
    }
    function tokenType(source) {
      switch (source) {
        case BOM:
          return "byte-order-mark";
        case DOCUMENT:
          return "doc-mode";
        case FLOW_END:
          return "flow-error-end";
        case SCALAR:
          return "scalar";
        case "---":
          return "doc-start";
        case "...":
          return "doc-end";
        case "":
        case "\n":
        case "\r\n":
          return "newline";
        case "-":
          return "seq-item-ind";
        case "?":
          return "explicit-key-ind";
        case ":":
          return "map-value-ind";
        case "{":
          return "flow-map-start";
        case "}":
          return "flow-map-end";
        case "[":
          return "flow-seq-start";
        case "]":
          return "flow-seq-end";
        case ",":
          return "comma";
      }
      switch (source[0]) {
        case " ":
        case "	":
          return "space";
        case "#":
          return "comment";
        case "%":
          return "directive-line";
        case "*":
          return "alias";
        case "&":
          return "anchor";
        case "!":
          return "tag";
        case "'":
          return "single-quoted-scalar";
        case '"':
          return "double-quoted-scalar";
        case "|":
        case ">":
          return "block-scalar-header";
      }
      return null;
    }
    exports.createScalarToken = cstScalar.createScalarToken;
    exports.resolveAsScalar = cstScalar.resolveAsScalar;
    exports.setScalarValue = cstScalar.setScalarValue;
    exports.stringify = cstStringify.stringify;
    exports.visit = cstVisit.visit;
    exports.BOM = BOM;
    exports.DOCUMENT = DOCUMENT;
    exports.FLOW_END = FLOW_END;
    exports.SCALAR = SCALAR;
    exports.isCollection = isCollection;
    exports.isScalar = isScalar;
    exports.prettyToken = prettyToken;
    exports.tokenType = tokenType;
  }
});

// node_modules/yaml/dist/parse/lexer.js
var require_lexer = __commonJS({
  "node_modules/yaml/dist/parse/lexer.js"(exports) {
    "use strict";
    var cst = require_cst();
    function isEmpty(ch) {
      switch (ch) {
        case void 0:
        case " ":
        case "\n":
        case "\r":
        case "	":
          return true;
        default:
          return false;
      }
    }
    var hexDigits = new Set("0123456789ABCDEFabcdef");
    var tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
    var flowIndicatorChars = new Set(",[]{}");
    var invalidAnchorChars = new Set(" ,[]{}\n\r	");
    var isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
    var Lexer = class {
      constructor() {
        this.atEnd = false;
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        this.buffer = "";
        this.flowKey = false;
        this.flowLevel = 0;
        this.indentNext = 0;
        this.indentValue = 0;
        this.lineEndPos = null;
        this.next = null;
        this.pos = 0;
      }
      /**
       * Generate YAML tokens from the `source` string. If `incomplete`,
       * a part of the last line may be left as a buffer for the next call.
       *
       * @returns A generator of lexical tokens
       */
      *lex(source, incomplete = false) {
        if (source) {
          if (typeof source !== "string")
            throw TypeError("source is not a string");
          this.buffer = this.buffer ? this.buffer + source : source;
          this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? "stream";
        while (next && (incomplete || this.hasChars(1)))
          next = yield* this.parseNext(next);
      }
      atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === " " || ch === "	")
          ch = this.buffer[++i];
        if (!ch || ch === "#" || ch === "\n")
          return true;
        if (ch === "\r")
          return this.buffer[i + 1] === "\n";
        return false;
      }
      charAt(n) {
        return this.buffer[this.pos + n];
      }
      continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
          let indent = 0;
          while (ch === " ")
            ch = this.buffer[++indent + offset];
          if (ch === "\r") {
            const next = this.buffer[indent + offset + 1];
            if (next === "\n" || !next && !this.atEnd)
              return offset + indent + 1;
          }
          return ch === "\n" || indent >= this.indentNext || !ch && !this.atEnd ? offset + indent : -1;
        }
        if (ch === "-" || ch === ".") {
          const dt = this.buffer.substr(offset, 3);
          if ((dt === "---" || dt === "...") && isEmpty(this.buffer[offset + 3]))
            return -1;
        }
        return offset;
      }
      getLine() {
        let end = this.lineEndPos;
        if (typeof end !== "number" || end !== -1 && end < this.pos) {
          end = this.buffer.indexOf("\n", this.pos);
          this.lineEndPos = end;
        }
        if (end === -1)
          return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === "\r")
          end -= 1;
        return this.buffer.substring(this.pos, end);
      }
      hasChars(n) {
        return this.pos + n <= this.buffer.length;
      }
      setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
      }
      peek(n) {
        return this.buffer.substr(this.pos, n);
      }
      *parseNext(next) {
        switch (next) {
          case "stream":
            return yield* this.parseStream();
          case "line-start":
            return yield* this.parseLineStart();
          case "block-start":
            return yield* this.parseBlockStart();
          case "doc":
            return yield* this.parseDocument();
          case "flow":
            return yield* this.parseFlowCollection();
          case "quoted-scalar":
            return yield* this.parseQuotedScalar();
          case "block-scalar":
            return yield* this.parseBlockScalar();
          case "plain-scalar":
            return yield* this.parsePlainScalar();
        }
      }
      *parseStream() {
        let line = this.getLine();
        if (line === null)
          return this.setNext("stream");
        if (line[0] === cst.BOM) {
          yield* this.pushCount(1);
          line = line.substring(1);
        }
        if (line[0] === "%") {
          let dirEnd = line.length;
          let cs = line.indexOf("#");
          while (cs !== -1) {
            const ch = line[cs - 1];
            if (ch === " " || ch === "	") {
              dirEnd = cs - 1;
              break;
            } else {
              cs = line.indexOf("#", cs + 1);
            }
          }
          while (true) {
            const ch = line[dirEnd - 1];
            if (ch === " " || ch === "	")
              dirEnd -= 1;
            else
              break;
          }
          const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
          yield* this.pushCount(line.length - n);
          this.pushNewline();
          return "stream";
        }
        if (this.atLineEnd()) {
          const sp = yield* this.pushSpaces(true);
          yield* this.pushCount(line.length - sp);
          yield* this.pushNewline();
          return "stream";
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
      }
      *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
          return this.setNext("line-start");
        if (ch === "-" || ch === ".") {
          if (!this.atEnd && !this.hasChars(4))
            return this.setNext("line-start");
          const s = this.peek(3);
          if ((s === "---" || s === "...") && isEmpty(this.charAt(3))) {
            yield* this.pushCount(3);
            this.indentValue = 0;
            this.indentNext = 0;
            return s === "---" ? "doc" : "stream";
          }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
          this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
      }
      *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
          return this.setNext("block-start");
        if ((ch0 === "-" || ch0 === "?" || ch0 === ":") && isEmpty(ch1)) {
          const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
          this.indentNext = this.indentValue + 1;
          this.indentValue += n;
          return "block-start";
        }
        return "doc";
      }
      *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
          return this.setNext("doc");
        let n = yield* this.pushIndicators();
        switch (line[n]) {
          case "#":
            yield* this.pushCount(line.length - n);
          // fallthrough
          case void 0:
            yield* this.pushNewline();
            return yield* this.parseLineStart();
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel = 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            return "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "doc";
          case '"':
          case "'":
            return yield* this.parseQuotedScalar();
          case "|":
          case ">":
            n += yield* this.parseBlockScalarHeader();
            n += yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - n);
            yield* this.pushNewline();
            return yield* this.parseBlockScalar();
          default:
            return yield* this.parsePlainScalar();
        }
      }
      *parseFlowCollection() {
        let nl, sp;
        let indent = -1;
        do {
          nl = yield* this.pushNewline();
          if (nl > 0) {
            sp = yield* this.pushSpaces(false);
            this.indentValue = indent = sp;
          } else {
            sp = 0;
          }
          sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
          return this.setNext("flow");
        if (indent !== -1 && indent < this.indentNext && line[0] !== "#" || indent === 0 && (line.startsWith("---") || line.startsWith("...")) && isEmpty(line[3])) {
          const atFlowEndMarker = indent === this.indentNext - 1 && this.flowLevel === 1 && (line[0] === "]" || line[0] === "}");
          if (!atFlowEndMarker) {
            this.flowLevel = 0;
            yield cst.FLOW_END;
            return yield* this.parseLineStart();
          }
        }
        let n = 0;
        while (line[n] === ",") {
          n += yield* this.pushCount(1);
          n += yield* this.pushSpaces(true);
          this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
          case void 0:
            return "flow";
          case "#":
            yield* this.pushCount(line.length - n);
            return "flow";
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel += 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            this.flowKey = true;
            this.flowLevel -= 1;
            return this.flowLevel ? "flow" : "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "flow";
          case '"':
          case "'":
            this.flowKey = true;
            return yield* this.parseQuotedScalar();
          case ":": {
            const next = this.charAt(1);
            if (this.flowKey || isEmpty(next) || next === ",") {
              this.flowKey = false;
              yield* this.pushCount(1);
              yield* this.pushSpaces(true);
              return "flow";
            }
          }
          // fallthrough
          default:
            this.flowKey = false;
            return yield* this.parsePlainScalar();
        }
      }
      *parseQuotedScalar() {
        const quote = this.charAt(0);
        let end = this.buffer.indexOf(quote, this.pos + 1);
        if (quote === "'") {
          while (end !== -1 && this.buffer[end + 1] === "'")
            end = this.buffer.indexOf("'", end + 2);
        } else {
          while (end !== -1) {
            let n = 0;
            while (this.buffer[end - 1 - n] === "\\")
              n += 1;
            if (n % 2 === 0)
              break;
            end = this.buffer.indexOf('"', end + 1);
          }
        }
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf("\n", this.pos);
        if (nl !== -1) {
          while (nl !== -1) {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = qb.indexOf("\n", cs);
          }
          if (nl !== -1) {
            end = nl - (qb[nl - 1] === "\r" ? 2 : 1);
          }
        }
        if (end === -1) {
          if (!this.atEnd)
            return this.setNext("quoted-scalar");
          end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? "flow" : "doc";
      }
      *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
          const ch = this.buffer[++i];
          if (ch === "+")
            this.blockScalarKeep = true;
          else if (ch > "0" && ch <= "9")
            this.blockScalarIndent = Number(ch) - 1;
          else if (ch !== "-")
            break;
        }
        return yield* this.pushUntil((ch) => isEmpty(ch) || ch === "#");
      }
      *parseBlockScalar() {
        let nl = this.pos - 1;
        let indent = 0;
        let ch;
        loop: for (let i2 = this.pos; ch = this.buffer[i2]; ++i2) {
          switch (ch) {
            case " ":
              indent += 1;
              break;
            case "\n":
              nl = i2;
              indent = 0;
              break;
            case "\r": {
              const next = this.buffer[i2 + 1];
              if (!next && !this.atEnd)
                return this.setNext("block-scalar");
              if (next === "\n")
                break;
            }
            // fallthrough
            default:
              break loop;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("block-scalar");
        if (indent >= this.indentNext) {
          if (this.blockScalarIndent === -1)
            this.indentNext = indent;
          else {
            this.indentNext = this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
          }
          do {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = this.buffer.indexOf("\n", cs);
          } while (nl !== -1);
          if (nl === -1) {
            if (!this.atEnd)
              return this.setNext("block-scalar");
            nl = this.buffer.length;
          }
        }
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === " ")
          ch = this.buffer[++i];
        if (ch === "	") {
          while (ch === "	" || ch === " " || ch === "\r" || ch === "\n")
            ch = this.buffer[++i];
          nl = i - 1;
        } else if (!this.blockScalarKeep) {
          do {
            let i2 = nl - 1;
            let ch2 = this.buffer[i2];
            if (ch2 === "\r")
              ch2 = this.buffer[--i2];
            const lastChar = i2;
            while (ch2 === " ")
              ch2 = this.buffer[--i2];
            if (ch2 === "\n" && i2 >= this.pos && i2 + 1 + indent > lastChar)
              nl = i2;
            else
              break;
          } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
      }
      *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while (ch = this.buffer[++i]) {
          if (ch === ":") {
            const next = this.buffer[i + 1];
            if (isEmpty(next) || inFlow && flowIndicatorChars.has(next))
              break;
            end = i;
          } else if (isEmpty(ch)) {
            let next = this.buffer[i + 1];
            if (ch === "\r") {
              if (next === "\n") {
                i += 1;
                ch = "\n";
                next = this.buffer[i + 1];
              } else
                end = i;
            }
            if (next === "#" || inFlow && flowIndicatorChars.has(next))
              break;
            if (ch === "\n") {
              const cs = this.continueScalar(i + 1);
              if (cs === -1)
                break;
              i = Math.max(i, cs - 2);
            }
          } else {
            if (inFlow && flowIndicatorChars.has(ch))
              break;
            end = i;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("plain-scalar");
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? "flow" : "doc";
      }
      *pushCount(n) {
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos += n;
          return n;
        }
        return 0;
      }
      *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
          yield s;
          this.pos += s.length;
          return s.length;
        } else if (allowEmpty)
          yield "";
        return 0;
      }
      *pushIndicators() {
        let n = 0;
        loop: while (true) {
          switch (this.charAt(0)) {
            case "!":
              n += yield* this.pushTag();
              n += yield* this.pushSpaces(true);
              continue loop;
            case "&":
              n += yield* this.pushUntil(isNotAnchorChar);
              n += yield* this.pushSpaces(true);
              continue loop;
            case "-":
            // this is an error
            case "?":
            // this is an error outside flow collections
            case ":": {
              const inFlow = this.flowLevel > 0;
              const ch1 = this.charAt(1);
              if (isEmpty(ch1) || inFlow && flowIndicatorChars.has(ch1)) {
                if (!inFlow)
                  this.indentNext = this.indentValue + 1;
                else if (this.flowKey)
                  this.flowKey = false;
                n += yield* this.pushCount(1);
                n += yield* this.pushSpaces(true);
                continue loop;
              }
            }
          }
          break loop;
        }
        return n;
      }
      *pushTag() {
        if (this.charAt(1) === "<") {
          let i = this.pos + 2;
          let ch = this.buffer[i];
          while (!isEmpty(ch) && ch !== ">")
            ch = this.buffer[++i];
          return yield* this.pushToIndex(ch === ">" ? i + 1 : i, false);
        } else {
          let i = this.pos + 1;
          let ch = this.buffer[i];
          while (ch) {
            if (tagChars.has(ch))
              ch = this.buffer[++i];
            else if (ch === "%" && hexDigits.has(this.buffer[i + 1]) && hexDigits.has(this.buffer[i + 2])) {
              ch = this.buffer[i += 3];
            } else
              break;
          }
          return yield* this.pushToIndex(i, false);
        }
      }
      *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === "\n")
          return yield* this.pushCount(1);
        else if (ch === "\r" && this.charAt(1) === "\n")
          return yield* this.pushCount(2);
        else
          return 0;
      }
      *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
          ch = this.buffer[++i];
        } while (ch === " " || allowTabs && ch === "	");
        const n = i - this.pos;
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos = i;
        }
        return n;
      }
      *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
          ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
      }
    };
    exports.Lexer = Lexer;
  }
});

// node_modules/yaml/dist/parse/line-counter.js
var require_line_counter = __commonJS({
  "node_modules/yaml/dist/parse/line-counter.js"(exports) {
    "use strict";
    var LineCounter2 = class {
      constructor() {
        this.lineStarts = [];
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        this.linePos = (offset) => {
          let low = 0;
          let high = this.lineStarts.length;
          while (low < high) {
            const mid = low + high >> 1;
            if (this.lineStarts[mid] < offset)
              low = mid + 1;
            else
              high = mid;
          }
          if (this.lineStarts[low] === offset)
            return { line: low + 1, col: 1 };
          if (low === 0)
            return { line: 0, col: offset };
          const start2 = this.lineStarts[low - 1];
          return { line: low, col: offset - start2 + 1 };
        };
      }
    };
    exports.LineCounter = LineCounter2;
  }
});

// node_modules/yaml/dist/parse/parser.js
var require_parser = __commonJS({
  "node_modules/yaml/dist/parse/parser.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var cst = require_cst();
    var lexer = require_lexer();
    function includesToken(list, type) {
      for (let i = 0; i < list.length; ++i)
        if (list[i].type === type)
          return true;
      return false;
    }
    function findNonEmptyIndex(list) {
      for (let i = 0; i < list.length; ++i) {
        switch (list[i].type) {
          case "space":
          case "comment":
          case "newline":
            break;
          default:
            return i;
        }
      }
      return -1;
    }
    function isFlowToken(token) {
      switch (token?.type) {
        case "alias":
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "flow-collection":
          return true;
        default:
          return false;
      }
    }
    function getPrevProps(parent) {
      switch (parent.type) {
        case "document":
          return parent.start;
        case "block-map": {
          const it = parent.items[parent.items.length - 1];
          return it.sep ?? it.start;
        }
        case "block-seq":
          return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
          return [];
      }
    }
    function getFirstKeyStartProps(prev) {
      if (prev.length === 0)
        return [];
      let i = prev.length;
      loop: while (--i >= 0) {
        switch (prev[i].type) {
          case "doc-start":
          case "explicit-key-ind":
          case "map-value-ind":
          case "seq-item-ind":
          case "newline":
            break loop;
        }
      }
      while (prev[++i]?.type === "space") {
      }
      return prev.splice(i, prev.length);
    }
    function arrayPushArray(target, source) {
      if (source.length < 1e5)
        Array.prototype.push.apply(target, source);
      else
        for (let i = 0; i < source.length; ++i)
          target.push(source[i]);
    }
    function fixFlowSeqItems(fc) {
      if (fc.start.type === "flow-seq-start") {
        for (const it of fc.items) {
          if (it.sep && !it.value && !includesToken(it.start, "explicit-key-ind") && !includesToken(it.sep, "map-value-ind")) {
            if (it.key)
              it.value = it.key;
            delete it.key;
            if (isFlowToken(it.value)) {
              if (it.value.end)
                arrayPushArray(it.value.end, it.sep);
              else
                it.value.end = it.sep;
            } else
              arrayPushArray(it.start, it.sep);
            delete it.sep;
          }
        }
      }
    }
    var Parser = class {
      /**
       * @param onNewLine - If defined, called separately with the start position of
       *   each new line (in `parse()`, including the start of input).
       */
      constructor(onNewLine) {
        this.atNewLine = true;
        this.atScalar = false;
        this.indent = 0;
        this.offset = 0;
        this.onKeyLine = false;
        this.stack = [];
        this.source = "";
        this.type = "";
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
      }
      /**
       * Parse `source` as a YAML stream.
       * If `incomplete`, a part of the last line may be left as a buffer for the next call.
       *
       * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
       *
       * @returns A generator of tokens representing each directive, document, and other structure.
       */
      *parse(source, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
          this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source, incomplete))
          yield* this.next(lexeme);
        if (!incomplete)
          yield* this.end();
      }
      /**
       * Advance the parser by the `source` of one lexical token.
       */
      *next(source) {
        this.source = source;
        if (node_process.env.LOG_TOKENS)
          console.log("|", cst.prettyToken(source));
        if (this.atScalar) {
          this.atScalar = false;
          yield* this.step();
          this.offset += source.length;
          return;
        }
        const type = cst.tokenType(source);
        if (!type) {
          const message = `Not a YAML token: ${source}`;
          yield* this.pop({ type: "error", offset: this.offset, message, source });
          this.offset += source.length;
        } else if (type === "scalar") {
          this.atNewLine = false;
          this.atScalar = true;
          this.type = "scalar";
        } else {
          this.type = type;
          yield* this.step();
          switch (type) {
            case "newline":
              this.atNewLine = true;
              this.indent = 0;
              if (this.onNewLine)
                this.onNewLine(this.offset + source.length);
              break;
            case "space":
              if (this.atNewLine && source[0] === " ")
                this.indent += source.length;
              break;
            case "explicit-key-ind":
            case "map-value-ind":
            case "seq-item-ind":
              if (this.atNewLine)
                this.indent += source.length;
              break;
            case "doc-mode":
            case "flow-error-end":
              return;
            default:
              this.atNewLine = false;
          }
          this.offset += source.length;
        }
      }
      /** Call at end of input to push out any remaining constructions */
      *end() {
        while (this.stack.length > 0)
          yield* this.pop();
      }
      get sourceToken() {
        const st = {
          type: this.type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
        return st;
      }
      *step() {
        const top = this.peek(1);
        if (this.type === "doc-end" && top?.type !== "doc-end") {
          while (this.stack.length > 0)
            yield* this.pop();
          this.stack.push({
            type: "doc-end",
            offset: this.offset,
            source: this.source
          });
          return;
        }
        if (!top)
          return yield* this.stream();
        switch (top.type) {
          case "document":
            return yield* this.document(top);
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return yield* this.scalar(top);
          case "block-scalar":
            return yield* this.blockScalar(top);
          case "block-map":
            return yield* this.blockMap(top);
          case "block-seq":
            return yield* this.blockSequence(top);
          case "flow-collection":
            return yield* this.flowCollection(top);
          case "doc-end":
            return yield* this.documentEnd(top);
        }
        yield* this.pop();
      }
      peek(n) {
        return this.stack[this.stack.length - n];
      }
      *pop(error2) {
        const token = error2 ?? this.stack.pop();
        if (!token) {
          const message = "Tried to pop an empty stack";
          yield { type: "error", offset: this.offset, source: "", message };
        } else if (this.stack.length === 0) {
          yield token;
        } else {
          const top = this.peek(1);
          if (token.type === "block-scalar") {
            token.indent = "indent" in top ? top.indent : 0;
          } else if (token.type === "flow-collection" && top.type === "document") {
            token.indent = 0;
          }
          if (token.type === "flow-collection")
            fixFlowSeqItems(token);
          switch (top.type) {
            case "document":
              top.value = token;
              break;
            case "block-scalar":
              top.props.push(token);
              break;
            case "block-map": {
              const it = top.items[top.items.length - 1];
              if (it.value) {
                top.items.push({ start: [], key: token, sep: [] });
                this.onKeyLine = true;
                return;
              } else if (it.sep) {
                it.value = token;
              } else {
                Object.assign(it, { key: token, sep: [] });
                this.onKeyLine = !it.explicitKey;
                return;
              }
              break;
            }
            case "block-seq": {
              const it = top.items[top.items.length - 1];
              if (it.value)
                top.items.push({ start: [], value: token });
              else
                it.value = token;
              break;
            }
            case "flow-collection": {
              const it = top.items[top.items.length - 1];
              if (!it || it.value)
                top.items.push({ start: [], key: token, sep: [] });
              else if (it.sep)
                it.value = token;
              else
                Object.assign(it, { key: token, sep: [] });
              return;
            }
            /* istanbul ignore next should not happen */
            default:
              yield* this.pop();
              yield* this.pop(token);
          }
          if ((top.type === "document" || top.type === "block-map" || top.type === "block-seq") && (token.type === "block-map" || token.type === "block-seq")) {
            const last = token.items[token.items.length - 1];
            if (last && !last.sep && !last.value && last.start.length > 0 && findNonEmptyIndex(last.start) === -1 && (token.indent === 0 || last.start.every((st) => st.type !== "comment" || st.indent < token.indent))) {
              if (top.type === "document")
                top.end = last.start;
              else
                top.items.push({ start: last.start });
              token.items.splice(-1, 1);
            }
          }
        }
      }
      *stream() {
        switch (this.type) {
          case "directive-line":
            yield { type: "directive", offset: this.offset, source: this.source };
            return;
          case "byte-order-mark":
          case "space":
          case "comment":
          case "newline":
            yield this.sourceToken;
            return;
          case "doc-mode":
          case "doc-start": {
            const doc = {
              type: "document",
              offset: this.offset,
              start: []
            };
            if (this.type === "doc-start")
              doc.start.push(this.sourceToken);
            this.stack.push(doc);
            return;
          }
        }
        yield {
          type: "error",
          offset: this.offset,
          message: `Unexpected ${this.type} token in YAML stream`,
          source: this.source
        };
      }
      *document(doc) {
        if (doc.value)
          return yield* this.lineEnd(doc);
        switch (this.type) {
          case "doc-start": {
            if (findNonEmptyIndex(doc.start) !== -1) {
              yield* this.pop();
              yield* this.step();
            } else
              doc.start.push(this.sourceToken);
            return;
          }
          case "anchor":
          case "tag":
          case "space":
          case "comment":
          case "newline":
            doc.start.push(this.sourceToken);
            return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
          this.stack.push(bv);
        else {
          yield {
            type: "error",
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML document`,
            source: this.source
          };
        }
      }
      *scalar(scalar) {
        if (this.type === "map-value-ind") {
          const prev = getPrevProps(this.peek(2));
          const start2 = getFirstKeyStartProps(prev);
          let sep;
          if (scalar.end) {
            sep = scalar.end;
            sep.push(this.sourceToken);
            delete scalar.end;
          } else
            sep = [this.sourceToken];
          const map2 = {
            type: "block-map",
            offset: scalar.offset,
            indent: scalar.indent,
            items: [{ start: start2, key: scalar, sep }]
          };
          this.onKeyLine = true;
          this.stack[this.stack.length - 1] = map2;
        } else
          yield* this.lineEnd(scalar);
      }
      *blockScalar(scalar) {
        switch (this.type) {
          case "space":
          case "comment":
          case "newline":
            scalar.props.push(this.sourceToken);
            return;
          case "scalar":
            scalar.source = this.source;
            this.atNewLine = true;
            this.indent = 0;
            if (this.onNewLine) {
              let nl = this.source.indexOf("\n") + 1;
              while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf("\n", nl) + 1;
              }
            }
            yield* this.pop();
            break;
          /* istanbul ignore next should not happen */
          default:
            yield* this.pop();
            yield* this.step();
        }
      }
      *blockMap(map2) {
        const it = map2.items[map2.items.length - 1];
        switch (this.type) {
          case "newline":
            this.onKeyLine = false;
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                map2.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              it.start.push(this.sourceToken);
            }
            return;
          case "space":
          case "comment":
            if (it.value) {
              map2.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              if (this.atIndentedComment(it.start, map2.indent)) {
                const prev = map2.items[map2.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  map2.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
        }
        if (this.indent >= map2.indent) {
          const atMapIndent = !this.onKeyLine && this.indent === map2.indent;
          const atNextItem = atMapIndent && (it.sep || it.explicitKey) && this.type !== "seq-item-ind";
          let start2 = [];
          if (atNextItem && it.sep && !it.value) {
            const nl = [];
            for (let i = 0; i < it.sep.length; ++i) {
              const st = it.sep[i];
              switch (st.type) {
                case "newline":
                  nl.push(i);
                  break;
                case "space":
                  break;
                case "comment":
                  if (st.indent > map2.indent)
                    nl.length = 0;
                  break;
                default:
                  nl.length = 0;
              }
            }
            if (nl.length >= 2)
              start2 = it.sep.splice(nl[1]);
          }
          switch (this.type) {
            case "anchor":
            case "tag":
              if (atNextItem || it.value) {
                start2.push(this.sourceToken);
                map2.items.push({ start: start2 });
                this.onKeyLine = true;
              } else if (it.sep) {
                it.sep.push(this.sourceToken);
              } else {
                it.start.push(this.sourceToken);
              }
              return;
            case "explicit-key-ind":
              if (!it.sep && !it.explicitKey) {
                it.start.push(this.sourceToken);
                it.explicitKey = true;
              } else if (atNextItem || it.value) {
                start2.push(this.sourceToken);
                map2.items.push({ start: start2, explicitKey: true });
              } else {
                this.stack.push({
                  type: "block-map",
                  offset: this.offset,
                  indent: this.indent,
                  items: [{ start: [this.sourceToken], explicitKey: true }]
                });
              }
              this.onKeyLine = true;
              return;
            case "map-value-ind":
              if (it.explicitKey) {
                if (!it.sep) {
                  if (includesToken(it.start, "newline")) {
                    Object.assign(it, { key: null, sep: [this.sourceToken] });
                  } else {
                    const start3 = getFirstKeyStartProps(it.start);
                    this.stack.push({
                      type: "block-map",
                      offset: this.offset,
                      indent: this.indent,
                      items: [{ start: start3, key: null, sep: [this.sourceToken] }]
                    });
                  }
                } else if (it.value) {
                  map2.items.push({ start: [], key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start2, key: null, sep: [this.sourceToken] }]
                  });
                } else if (isFlowToken(it.key) && !includesToken(it.sep, "newline")) {
                  const start3 = getFirstKeyStartProps(it.start);
                  const key = it.key;
                  const sep = it.sep;
                  sep.push(this.sourceToken);
                  delete it.key;
                  delete it.sep;
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start3, key, sep }]
                  });
                } else if (start2.length > 0) {
                  it.sep = it.sep.concat(start2, this.sourceToken);
                } else {
                  it.sep.push(this.sourceToken);
                }
              } else {
                if (!it.sep) {
                  Object.assign(it, { key: null, sep: [this.sourceToken] });
                } else if (it.value || atNextItem) {
                  map2.items.push({ start: start2, key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [], key: null, sep: [this.sourceToken] }]
                  });
                } else {
                  it.sep.push(this.sourceToken);
                }
              }
              this.onKeyLine = true;
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (atNextItem || it.value) {
                map2.items.push({ start: start2, key: fs, sep: [] });
                this.onKeyLine = true;
              } else if (it.sep) {
                this.stack.push(fs);
              } else {
                Object.assign(it, { key: fs, sep: [] });
                this.onKeyLine = true;
              }
              return;
            }
            default: {
              const bv = this.startBlockValue(map2);
              if (bv) {
                if (bv.type === "block-seq") {
                  if (!it.explicitKey && it.sep && !includesToken(it.sep, "newline")) {
                    yield* this.pop({
                      type: "error",
                      offset: this.offset,
                      message: "Unexpected block-seq-ind on same line with key",
                      source: this.source
                    });
                    return;
                  }
                } else if (atMapIndent) {
                  map2.items.push({ start: start2 });
                }
                this.stack.push(bv);
                return;
              }
            }
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
          case "newline":
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                seq.items.push({ start: [this.sourceToken] });
            } else
              it.start.push(this.sourceToken);
            return;
          case "space":
          case "comment":
            if (it.value)
              seq.items.push({ start: [this.sourceToken] });
            else {
              if (this.atIndentedComment(it.start, seq.indent)) {
                const prev = seq.items[seq.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  seq.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
          case "anchor":
          case "tag":
            if (it.value || this.indent <= seq.indent)
              break;
            it.start.push(this.sourceToken);
            return;
          case "seq-item-ind":
            if (this.indent !== seq.indent)
              break;
            if (it.value || includesToken(it.start, "seq-item-ind"))
              seq.items.push({ start: [this.sourceToken] });
            else
              it.start.push(this.sourceToken);
            return;
        }
        if (this.indent > seq.indent) {
          const bv = this.startBlockValue(seq);
          if (bv) {
            this.stack.push(bv);
            return;
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === "flow-error-end") {
          let top;
          do {
            yield* this.pop();
            top = this.peek(1);
          } while (top?.type === "flow-collection");
        } else if (fc.end.length === 0) {
          switch (this.type) {
            case "comma":
            case "explicit-key-ind":
              if (!it || it.sep)
                fc.items.push({ start: [this.sourceToken] });
              else
                it.start.push(this.sourceToken);
              return;
            case "map-value-ind":
              if (!it || it.value)
                fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                Object.assign(it, { key: null, sep: [this.sourceToken] });
              return;
            case "space":
            case "comment":
            case "newline":
            case "anchor":
            case "tag":
              if (!it || it.value)
                fc.items.push({ start: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                it.start.push(this.sourceToken);
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (!it || it.value)
                fc.items.push({ start: [], key: fs, sep: [] });
              else if (it.sep)
                this.stack.push(fs);
              else
                Object.assign(it, { key: fs, sep: [] });
              return;
            }
            case "flow-map-end":
            case "flow-seq-end":
              fc.end.push(this.sourceToken);
              return;
          }
          const bv = this.startBlockValue(fc);
          if (bv)
            this.stack.push(bv);
          else {
            yield* this.pop();
            yield* this.step();
          }
        } else {
          const parent = this.peek(2);
          if (parent.type === "block-map" && (this.type === "map-value-ind" && parent.indent === fc.indent || this.type === "newline" && !parent.items[parent.items.length - 1].sep)) {
            yield* this.pop();
            yield* this.step();
          } else if (this.type === "map-value-ind" && parent.type !== "flow-collection") {
            const prev = getPrevProps(parent);
            const start2 = getFirstKeyStartProps(prev);
            fixFlowSeqItems(fc);
            const sep = fc.end.splice(1, fc.end.length);
            sep.push(this.sourceToken);
            const map2 = {
              type: "block-map",
              offset: fc.offset,
              indent: fc.indent,
              items: [{ start: start2, key: fc, sep }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map2;
          } else {
            yield* this.lineEnd(fc);
          }
        }
      }
      flowScalar(type) {
        if (this.onNewLine) {
          let nl = this.source.indexOf("\n") + 1;
          while (nl !== 0) {
            this.onNewLine(this.offset + nl);
            nl = this.source.indexOf("\n", nl) + 1;
          }
        }
        return {
          type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
      }
      startBlockValue(parent) {
        switch (this.type) {
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return this.flowScalar(this.type);
          case "block-scalar-header":
            return {
              type: "block-scalar",
              offset: this.offset,
              indent: this.indent,
              props: [this.sourceToken],
              source: ""
            };
          case "flow-map-start":
          case "flow-seq-start":
            return {
              type: "flow-collection",
              offset: this.offset,
              indent: this.indent,
              start: this.sourceToken,
              items: [],
              end: []
            };
          case "seq-item-ind":
            return {
              type: "block-seq",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: [this.sourceToken] }]
            };
          case "explicit-key-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start2 = getFirstKeyStartProps(prev);
            start2.push(this.sourceToken);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: start2, explicitKey: true }]
            };
          }
          case "map-value-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start2 = getFirstKeyStartProps(prev);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: start2, key: null, sep: [this.sourceToken] }]
            };
          }
        }
        return null;
      }
      atIndentedComment(start2, indent) {
        if (this.type !== "comment")
          return false;
        if (this.indent <= indent)
          return false;
        return start2.every((st) => st.type === "newline" || st.type === "space");
      }
      *documentEnd(docEnd) {
        if (this.type !== "doc-mode") {
          if (docEnd.end)
            docEnd.end.push(this.sourceToken);
          else
            docEnd.end = [this.sourceToken];
          if (this.type === "newline")
            yield* this.pop();
        }
      }
      *lineEnd(token) {
        switch (this.type) {
          case "comma":
          case "doc-start":
          case "doc-end":
          case "flow-seq-end":
          case "flow-map-end":
          case "map-value-ind":
            yield* this.pop();
            yield* this.step();
            break;
          case "newline":
            this.onKeyLine = false;
          // fallthrough
          case "space":
          case "comment":
          default:
            if (token.end)
              token.end.push(this.sourceToken);
            else
              token.end = [this.sourceToken];
            if (this.type === "newline")
              yield* this.pop();
        }
      }
    };
    exports.Parser = Parser;
  }
});

// node_modules/yaml/dist/public-api.js
var require_public_api = __commonJS({
  "node_modules/yaml/dist/public-api.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var errors = require_errors();
    var log = require_log();
    var identity = require_identity();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    function parseOptions(options) {
      const prettyErrors = options.prettyErrors !== false;
      const lineCounter$1 = options.lineCounter || prettyErrors && new lineCounter.LineCounter() || null;
      return { lineCounter: lineCounter$1, prettyErrors };
    }
    function parseAllDocuments(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      const docs = Array.from(composer$1.compose(parser$1.parse(source)));
      if (prettyErrors && lineCounter2)
        for (const doc of docs) {
          doc.errors.forEach(errors.prettifyError(source, lineCounter2));
          doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
        }
      if (docs.length > 0)
        return docs;
      return Object.assign([], { empty: true }, composer$1.streamInfo());
    }
    function parseDocument2(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      let doc = null;
      for (const _doc of composer$1.compose(parser$1.parse(source), true, source.length)) {
        if (!doc)
          doc = _doc;
        else if (doc.options.logLevel !== "silent") {
          doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"));
          break;
        }
      }
      if (prettyErrors && lineCounter2) {
        doc.errors.forEach(errors.prettifyError(source, lineCounter2));
        doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
      }
      return doc;
    }
    function parse4(src, reviver, options) {
      let _reviver = void 0;
      if (typeof reviver === "function") {
        _reviver = reviver;
      } else if (options === void 0 && reviver && typeof reviver === "object") {
        options = reviver;
      }
      const doc = parseDocument2(src, options);
      if (!doc)
        return null;
      doc.warnings.forEach((warning) => log.warn(doc.options.logLevel, warning));
      if (doc.errors.length > 0) {
        if (doc.options.logLevel !== "silent")
          throw doc.errors[0];
        else
          doc.errors = [];
      }
      return doc.toJS(Object.assign({ reviver: _reviver }, options));
    }
    function stringify2(value, replacer, options) {
      let _replacer = null;
      if (typeof replacer === "function" || Array.isArray(replacer)) {
        _replacer = replacer;
      } else if (options === void 0 && replacer) {
        options = replacer;
      }
      if (typeof options === "string")
        options = options.length;
      if (typeof options === "number") {
        const indent = Math.round(options);
        options = indent < 1 ? void 0 : indent > 8 ? { indent: 8 } : { indent };
      }
      if (value === void 0) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
          return void 0;
      }
      if (identity.isDocument(value) && !_replacer)
        return value.toString(options);
      return new Document.Document(value, _replacer, options).toString(options);
    }
    exports.parse = parse4;
    exports.parseAllDocuments = parseAllDocuments;
    exports.parseDocument = parseDocument2;
    exports.stringify = stringify2;
  }
});

// node_modules/yaml/dist/index.js
var require_dist = __commonJS({
  "node_modules/yaml/dist/index.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var Schema = require_Schema();
    var errors = require_errors();
    var Alias = require_Alias();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var cst = require_cst();
    var lexer = require_lexer();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    var publicApi = require_public_api();
    var visit2 = require_visit();
    exports.Composer = composer.Composer;
    exports.Document = Document.Document;
    exports.Schema = Schema.Schema;
    exports.YAMLError = errors.YAMLError;
    exports.YAMLParseError = errors.YAMLParseError;
    exports.YAMLWarning = errors.YAMLWarning;
    exports.Alias = Alias.Alias;
    exports.isAlias = identity.isAlias;
    exports.isCollection = identity.isCollection;
    exports.isDocument = identity.isDocument;
    exports.isMap = identity.isMap;
    exports.isNode = identity.isNode;
    exports.isPair = identity.isPair;
    exports.isScalar = identity.isScalar;
    exports.isSeq = identity.isSeq;
    exports.Pair = Pair.Pair;
    exports.Scalar = Scalar.Scalar;
    exports.YAMLMap = YAMLMap.YAMLMap;
    exports.YAMLSeq = YAMLSeq.YAMLSeq;
    exports.CST = cst;
    exports.Lexer = lexer.Lexer;
    exports.LineCounter = lineCounter.LineCounter;
    exports.Parser = parser.Parser;
    exports.parse = publicApi.parse;
    exports.parseAllDocuments = publicApi.parseAllDocuments;
    exports.parseDocument = publicApi.parseDocument;
    exports.stringify = publicApi.stringify;
    exports.visit = visit2.visit;
    exports.visitAsync = visit2.visitAsync;
  }
});

// src/engine/duration.ts
var UNITS = {
  ms: 1,
  s: 1e3,
  m: 6e4,
  h: 36e5,
  d: 864e5,
  w: 6048e5
};
function parseDuration(text2) {
  const trimmed = text2.trim();
  if (!/^(\d+(\.\d+)?(ms|s|m|h|d|w))+$/.test(trimmed)) return void 0;
  let total = 0;
  for (const match of trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g)) {
    total += Number(match[1]) * UNITS[match[2]];
  }
  return total;
}
function formatDuration(ms) {
  if (ms < 1e3) return `${Math.round(ms)}ms`;
  if (ms < 6e4) return `${Math.round(ms / 1e3)}s`;
  if (ms < 36e5) return `${Math.round(ms / 6e4)}m`;
  if (ms < 864e5) return `${Math.round(ms / 36e4) / 10}h`;
  return `${Math.round(ms / 864e4) / 10}d`;
}

// src/app/app-options.ts
var DEFAULT_PATROL_INTERVAL = "15m";
var DEFAULT_CONFIG_TTL_MS = 6e4;
function optionsFromEnv(env = process.env) {
  const interval = env.MOLECULAR_PATROL_INTERVAL?.trim() || DEFAULT_PATROL_INTERVAL;
  const off = interval === "0" || interval === "off";
  return {
    ...env.APP_SLUG ? { slug: env.APP_SLUG } : {},
    ...env.MOLECULAR_STATE_KEY ? { stateKey: env.MOLECULAR_STATE_KEY } : {},
    patrolIntervalMs: off ? 0 : parseDuration(interval) ?? parseDuration(DEFAULT_PATROL_INTERVAL) ?? 0
  };
}

// src/github/client.ts
function repoSlug(repo) {
  return `${repo.owner}/${repo.repo}`;
}
function httpStatus(error2) {
  if (typeof error2 !== "object" || error2 === null || !("status" in error2)) return void 0;
  const status2 = error2.status;
  return typeof status2 === "number" ? status2 : void 0;
}
function httpMessage(error2) {
  if (error2 instanceof Error) return error2.message;
  return String(error2);
}

// src/engine/errors.ts
var ok = (value) => ({ ok: true, value });
var err = (code, message, place = {}) => ({
  ok: false,
  error: { code, message, ...place }
});
function formatDiagnostic(d, severity = "error") {
  const sev = "severity" in d ? d.severity : severity;
  const where3 = [d.file ?? "<input>", d.line ?? 1, d.col ?? 1].join(":");
  return `${where3}: ${sev}: ${d.message}`;
}

// src/github/config.ts
var import_yaml = __toESM(require_dist(), 1);

// node_modules/zod/v4/classic/external.js
var external_exports = {};
__export(external_exports, {
  $brand: () => $brand,
  $input: () => $input,
  $output: () => $output,
  INVALID: () => INVALID,
  NEVER: () => NEVER,
  TimePrecision: () => TimePrecision,
  ZodAny: () => ZodAny,
  ZodArray: () => ZodArray,
  ZodBase64: () => ZodBase64,
  ZodBase64URL: () => ZodBase64URL,
  ZodBigInt: () => ZodBigInt,
  ZodBigIntFormat: () => ZodBigIntFormat,
  ZodBoolean: () => ZodBoolean,
  ZodCIDRv4: () => ZodCIDRv4,
  ZodCIDRv6: () => ZodCIDRv6,
  ZodCUID: () => ZodCUID,
  ZodCUID2: () => ZodCUID2,
  ZodCatch: () => ZodCatch,
  ZodCodec: () => ZodCodec,
  ZodCompileAsyncError: () => ZodCompileAsyncError,
  ZodCompileUnsupportedError: () => ZodCompileUnsupportedError,
  ZodCreditCard: () => ZodCreditCard,
  ZodCustom: () => ZodCustom,
  ZodCustomStringFormat: () => ZodCustomStringFormat,
  ZodDate: () => ZodDate,
  ZodDefault: () => ZodDefault,
  ZodDiscriminatedUnion: () => ZodDiscriminatedUnion,
  ZodE164: () => ZodE164,
  ZodEmail: () => ZodEmail,
  ZodEmoji: () => ZodEmoji,
  ZodEnum: () => ZodEnum,
  ZodError: () => ZodError,
  ZodExactOptional: () => ZodExactOptional,
  ZodFile: () => ZodFile,
  ZodFirstPartyTypeKind: () => ZodFirstPartyTypeKind,
  ZodFunction: () => ZodFunction,
  ZodGUID: () => ZodGUID,
  ZodIBAN: () => ZodIBAN,
  ZodIPv4: () => ZodIPv4,
  ZodIPv6: () => ZodIPv6,
  ZodISODate: () => ZodISODate,
  ZodISODateTime: () => ZodISODateTime,
  ZodISODuration: () => ZodISODuration,
  ZodISOTime: () => ZodISOTime,
  ZodInstanceOf: () => ZodInstanceOf,
  ZodIntersection: () => ZodIntersection,
  ZodIssueCode: () => ZodIssueCode,
  ZodJWT: () => ZodJWT,
  ZodKSUID: () => ZodKSUID,
  ZodLazy: () => ZodLazy,
  ZodLiteral: () => ZodLiteral,
  ZodMAC: () => ZodMAC,
  ZodMap: () => ZodMap,
  ZodNaN: () => ZodNaN,
  ZodNanoID: () => ZodNanoID,
  ZodNever: () => ZodNever,
  ZodNonOptional: () => ZodNonOptional,
  ZodNull: () => ZodNull,
  ZodNullable: () => ZodNullable,
  ZodNumber: () => ZodNumber,
  ZodNumberFormat: () => ZodNumberFormat,
  ZodObject: () => ZodObject,
  ZodOptional: () => ZodOptional,
  ZodPipe: () => ZodPipe,
  ZodPrefault: () => ZodPrefault,
  ZodPreprocess: () => ZodPreprocess,
  ZodPromise: () => ZodPromise,
  ZodReadonly: () => ZodReadonly,
  ZodRealError: () => ZodRealError,
  ZodRecord: () => ZodRecord,
  ZodSet: () => ZodSet,
  ZodString: () => ZodString,
  ZodStringFormat: () => ZodStringFormat,
  ZodSuccess: () => ZodSuccess,
  ZodSymbol: () => ZodSymbol,
  ZodTemplateLiteral: () => ZodTemplateLiteral,
  ZodTransform: () => ZodTransform,
  ZodTuple: () => ZodTuple,
  ZodType: () => ZodType,
  ZodULID: () => ZodULID,
  ZodURL: () => ZodURL,
  ZodUUID: () => ZodUUID,
  ZodUndefined: () => ZodUndefined,
  ZodUnion: () => ZodUnion,
  ZodUnknown: () => ZodUnknown,
  ZodVoid: () => ZodVoid,
  ZodXID: () => ZodXID,
  ZodXor: () => ZodXor,
  _ZodString: () => _ZodString,
  _default: () => _default2,
  _function: () => _function,
  any: () => any,
  array: () => array,
  base64: () => base642,
  base64url: () => base64url2,
  bigint: () => bigint2,
  boolean: () => boolean2,
  catch: () => _catch2,
  check: () => check,
  cidrv4: () => cidrv42,
  cidrv6: () => cidrv62,
  clone: () => clone,
  codec: () => codec,
  coerce: () => coerce_exports,
  compile: () => compile,
  config: () => config,
  core: () => core_exports2,
  creditCard: () => creditCard2,
  cuid: () => cuid3,
  cuid2: () => cuid22,
  currencyCode: () => currencyCode2,
  custom: () => custom,
  date: () => date2,
  decode: () => decode2,
  decodeAsync: () => decodeAsync2,
  deepPartial: () => deepPartial,
  describe: () => describe2,
  discriminatedUnion: () => discriminatedUnion,
  e164: () => e1642,
  email: () => email2,
  emoji: () => emoji2,
  encode: () => encode2,
  encodeAsync: () => encodeAsync2,
  endsWith: () => _endsWith,
  enum: () => _enum2,
  exactOptional: () => exactOptional,
  file: () => file,
  flattenError: () => flattenError,
  float32: () => float32,
  float64: () => float64,
  formatError: () => formatError,
  fromJSONSchema: () => fromJSONSchema,
  function: () => _function,
  getDiscriminatedOption: () => getDiscriminatedOption,
  getErrorMap: () => getErrorMap,
  globalRegistry: () => globalRegistry,
  gt: () => _gt,
  gte: () => _gte,
  guid: () => guid2,
  hash: () => hash,
  hex: () => hex2,
  hostname: () => hostname2,
  httpUrl: () => httpUrl,
  iban: () => iban2,
  includes: () => _includes,
  input: () => input,
  instanceof: () => _instanceof,
  int: () => int,
  int32: () => int32,
  int64: () => int64,
  intersection: () => intersection,
  invertCodec: () => invertCodec,
  ipv4: () => ipv42,
  ipv6: () => ipv62,
  iso: () => iso_exports,
  json: () => json,
  jwt: () => jwt,
  keyof: () => keyof,
  ksuid: () => ksuid2,
  lazy: () => lazy,
  length: () => _length,
  literal: () => literal,
  locales: () => locales_exports,
  looseObject: () => looseObject,
  looseRecord: () => looseRecord,
  lowercase: () => _lowercase,
  lt: () => _lt,
  lte: () => _lte,
  mac: () => mac2,
  map: () => map,
  maxLength: () => _maxLength,
  maxSize: () => _maxSize,
  memoizer: () => memoizer,
  meta: () => meta2,
  mime: () => _mime,
  minLength: () => _minLength,
  minSize: () => _minSize,
  multipleOf: () => _multipleOf,
  nan: () => nan,
  nanoid: () => nanoid2,
  nativeEnum: () => nativeEnum,
  negative: () => _negative,
  never: () => never,
  nonnegative: () => _nonnegative,
  nonoptional: () => nonoptional,
  nonpositive: () => _nonpositive,
  normalize: () => _normalize,
  null: () => _null3,
  nullable: () => nullable,
  nullish: () => nullish2,
  number: () => number2,
  object: () => object,
  optional: () => optional,
  output: () => output,
  overwrite: () => _overwrite,
  parse: () => parse2,
  parseAsync: () => parseAsync2,
  partialRecord: () => partialRecord,
  pipe: () => pipe,
  positive: () => _positive,
  prefault: () => prefault,
  preprocess: () => preprocess,
  prettifyError: () => prettifyError,
  promise: () => promise,
  properties: () => _properties,
  property: () => _property,
  readonly: () => readonly,
  record: () => record,
  refine: () => refine,
  regex: () => _regex,
  regexes: () => regexes_exports,
  registry: () => registry,
  safeDecode: () => safeDecode2,
  safeDecodeAsync: () => safeDecodeAsync2,
  safeEncode: () => safeEncode2,
  safeEncodeAsync: () => safeEncodeAsync2,
  safeParse: () => safeParse2,
  safeParseAsync: () => safeParseAsync2,
  set: () => set,
  setErrorMap: () => setErrorMap,
  size: () => _size,
  slugify: () => _slugify,
  startsWith: () => _startsWith,
  strictObject: () => strictObject,
  string: () => string2,
  stringFormat: () => stringFormat,
  stringbool: () => stringbool,
  success: () => success,
  superRefine: () => superRefine,
  symbol: () => symbol,
  templateLiteral: () => templateLiteral,
  toJSONSchema: () => toJSONSchema,
  toLowerCase: () => _toLowerCase,
  toUpperCase: () => _toUpperCase,
  toZod: () => toZod,
  transform: () => transform,
  treeifyError: () => treeifyError,
  trim: () => _trim,
  tuple: () => tuple,
  uint32: () => uint32,
  uint64: () => uint64,
  ulid: () => ulid2,
  undefined: () => _undefined3,
  union: () => union,
  unknown: () => unknown,
  uppercase: () => _uppercase,
  url: () => url,
  util: () => util_exports,
  uuid: () => uuid2,
  uuidv4: () => uuidv4,
  uuidv6: () => uuidv6,
  uuidv7: () => uuidv7,
  validate: () => validate,
  validateAsync: () => validateAsync,
  void: () => _void2,
  withParser: () => withParser,
  xid: () => xid2,
  xor: () => xor
});

// node_modules/zod/v4/core/index.js
var core_exports2 = {};
__export(core_exports2, {
  $ZodAny: () => $ZodAny,
  $ZodArray: () => $ZodArray,
  $ZodAsyncError: () => $ZodAsyncError,
  $ZodBase64: () => $ZodBase64,
  $ZodBase64URL: () => $ZodBase64URL,
  $ZodBigInt: () => $ZodBigInt,
  $ZodBigIntFormat: () => $ZodBigIntFormat,
  $ZodBoolean: () => $ZodBoolean,
  $ZodCIDRv4: () => $ZodCIDRv4,
  $ZodCIDRv6: () => $ZodCIDRv6,
  $ZodCUID: () => $ZodCUID,
  $ZodCUID2: () => $ZodCUID2,
  $ZodCatch: () => $ZodCatch,
  $ZodCheck: () => $ZodCheck,
  $ZodCheckBigIntFormat: () => $ZodCheckBigIntFormat,
  $ZodCheckEndsWith: () => $ZodCheckEndsWith,
  $ZodCheckGreaterThan: () => $ZodCheckGreaterThan,
  $ZodCheckIncludes: () => $ZodCheckIncludes,
  $ZodCheckLengthEquals: () => $ZodCheckLengthEquals,
  $ZodCheckLessThan: () => $ZodCheckLessThan,
  $ZodCheckLowerCase: () => $ZodCheckLowerCase,
  $ZodCheckMaxLength: () => $ZodCheckMaxLength,
  $ZodCheckMaxSize: () => $ZodCheckMaxSize,
  $ZodCheckMimeType: () => $ZodCheckMimeType,
  $ZodCheckMinLength: () => $ZodCheckMinLength,
  $ZodCheckMinSize: () => $ZodCheckMinSize,
  $ZodCheckMultipleOf: () => $ZodCheckMultipleOf,
  $ZodCheckNumberFormat: () => $ZodCheckNumberFormat,
  $ZodCheckOverwrite: () => $ZodCheckOverwrite,
  $ZodCheckProperties: () => $ZodCheckProperties,
  $ZodCheckProperty: () => $ZodCheckProperty,
  $ZodCheckRegex: () => $ZodCheckRegex,
  $ZodCheckSizeEquals: () => $ZodCheckSizeEquals,
  $ZodCheckStartsWith: () => $ZodCheckStartsWith,
  $ZodCheckStringFormat: () => $ZodCheckStringFormat,
  $ZodCheckUpperCase: () => $ZodCheckUpperCase,
  $ZodCodec: () => $ZodCodec,
  $ZodCreditCard: () => $ZodCreditCard,
  $ZodCustom: () => $ZodCustom,
  $ZodCustomStringFormat: () => $ZodCustomStringFormat,
  $ZodCyclicError: () => $ZodCyclicError,
  $ZodDate: () => $ZodDate,
  $ZodDefault: () => $ZodDefault,
  $ZodDiscriminatedUnion: () => $ZodDiscriminatedUnion,
  $ZodE164: () => $ZodE164,
  $ZodEmail: () => $ZodEmail,
  $ZodEmoji: () => $ZodEmoji,
  $ZodEncodeError: () => $ZodEncodeError,
  $ZodEnum: () => $ZodEnum,
  $ZodError: () => $ZodError,
  $ZodExactOptional: () => $ZodExactOptional,
  $ZodFile: () => $ZodFile,
  $ZodFunction: () => $ZodFunction,
  $ZodGUID: () => $ZodGUID,
  $ZodIBAN: () => $ZodIBAN,
  $ZodIPv4: () => $ZodIPv4,
  $ZodIPv6: () => $ZodIPv6,
  $ZodISODate: () => $ZodISODate,
  $ZodISODateTime: () => $ZodISODateTime,
  $ZodISODuration: () => $ZodISODuration,
  $ZodISOTime: () => $ZodISOTime,
  $ZodIntersection: () => $ZodIntersection,
  $ZodJWT: () => $ZodJWT,
  $ZodKSUID: () => $ZodKSUID,
  $ZodLazy: () => $ZodLazy,
  $ZodLiteral: () => $ZodLiteral,
  $ZodMAC: () => $ZodMAC,
  $ZodMap: () => $ZodMap,
  $ZodNaN: () => $ZodNaN,
  $ZodNanoID: () => $ZodNanoID,
  $ZodNever: () => $ZodNever,
  $ZodNonOptional: () => $ZodNonOptional,
  $ZodNull: () => $ZodNull,
  $ZodNullable: () => $ZodNullable,
  $ZodNumber: () => $ZodNumber,
  $ZodNumberFormat: () => $ZodNumberFormat,
  $ZodObject: () => $ZodObject,
  $ZodObjectJIT: () => $ZodObjectJIT,
  $ZodOptional: () => $ZodOptional,
  $ZodPipe: () => $ZodPipe,
  $ZodPrefault: () => $ZodPrefault,
  $ZodPreprocess: () => $ZodPreprocess,
  $ZodPromise: () => $ZodPromise,
  $ZodReadonly: () => $ZodReadonly,
  $ZodRealError: () => $ZodRealError,
  $ZodRecord: () => $ZodRecord,
  $ZodRegistry: () => $ZodRegistry,
  $ZodSet: () => $ZodSet,
  $ZodString: () => $ZodString,
  $ZodStringFormat: () => $ZodStringFormat,
  $ZodSuccess: () => $ZodSuccess,
  $ZodSymbol: () => $ZodSymbol,
  $ZodTemplateLiteral: () => $ZodTemplateLiteral,
  $ZodTransform: () => $ZodTransform,
  $ZodTuple: () => $ZodTuple,
  $ZodType: () => $ZodType,
  $ZodULID: () => $ZodULID,
  $ZodURL: () => $ZodURL,
  $ZodUUID: () => $ZodUUID,
  $ZodUndefined: () => $ZodUndefined,
  $ZodUnion: () => $ZodUnion,
  $ZodUnknown: () => $ZodUnknown,
  $ZodVoid: () => $ZodVoid,
  $ZodXID: () => $ZodXID,
  $ZodXor: () => $ZodXor,
  $brand: () => $brand,
  $constructor: () => $constructor,
  $input: () => $input,
  $output: () => $output,
  Doc: () => Doc,
  INVALID: () => INVALID,
  JSONSchema: () => json_schema_exports,
  JSONSchemaGenerator: () => JSONSchemaGenerator,
  NEVER: () => NEVER,
  TimePrecision: () => TimePrecision,
  URL_BAD_FORMAT: () => URL_BAD_FORMAT,
  URL_UNPARSEABLE: () => URL_UNPARSEABLE,
  ZodCompileAsyncError: () => ZodCompileAsyncError,
  ZodCompileUnsupportedError: () => ZodCompileUnsupportedError,
  _any: () => _any,
  _array: () => _array,
  _base64: () => _base64,
  _base64url: () => _base64url,
  _bigint: () => _bigint,
  _boolean: () => _boolean,
  _catch: () => _catch,
  _check: () => _check,
  _cidrv4: () => _cidrv4,
  _cidrv6: () => _cidrv6,
  _coercedBigint: () => _coercedBigint,
  _coercedBoolean: () => _coercedBoolean,
  _coercedDate: () => _coercedDate,
  _coercedNumber: () => _coercedNumber,
  _coercedString: () => _coercedString,
  _creditCard: () => _creditCard,
  _cuid: () => _cuid,
  _cuid2: () => _cuid2,
  _custom: () => _custom,
  _date: () => _date,
  _decode: () => _decode,
  _decodeAsync: () => _decodeAsync,
  _default: () => _default,
  _discriminatedUnion: () => _discriminatedUnion,
  _e164: () => _e164,
  _email: () => _email,
  _emoji: () => _emoji2,
  _encode: () => _encode,
  _encodeAsync: () => _encodeAsync,
  _endsWith: () => _endsWith,
  _enum: () => _enum,
  _file: () => _file,
  _float32: () => _float32,
  _float64: () => _float64,
  _gt: () => _gt,
  _gte: () => _gte,
  _guid: () => _guid,
  _iban: () => _iban,
  _includes: () => _includes,
  _int: () => _int,
  _int32: () => _int32,
  _int64: () => _int64,
  _intersection: () => _intersection,
  _ipv4: () => _ipv4,
  _ipv6: () => _ipv6,
  _isoDate: () => _isoDate,
  _isoDateTime: () => _isoDateTime,
  _isoDuration: () => _isoDuration,
  _isoTime: () => _isoTime,
  _jwt: () => _jwt,
  _ksuid: () => _ksuid,
  _lazy: () => _lazy,
  _length: () => _length,
  _literal: () => _literal,
  _lowercase: () => _lowercase,
  _lt: () => _lt,
  _lte: () => _lte,
  _mac: () => _mac,
  _map: () => _map,
  _max: () => _lte,
  _maxLength: () => _maxLength,
  _maxSize: () => _maxSize,
  _mime: () => _mime,
  _min: () => _gte,
  _minLength: () => _minLength,
  _minSize: () => _minSize,
  _multipleOf: () => _multipleOf,
  _nan: () => _nan,
  _nanoid: () => _nanoid,
  _nativeEnum: () => _nativeEnum,
  _negative: () => _negative,
  _never: () => _never,
  _nonnegative: () => _nonnegative,
  _nonoptional: () => _nonoptional,
  _nonpositive: () => _nonpositive,
  _normalize: () => _normalize,
  _null: () => _null2,
  _nullable: () => _nullable,
  _number: () => _number,
  _optional: () => _optional,
  _overwrite: () => _overwrite,
  _parse: () => _parse,
  _parseAsync: () => _parseAsync,
  _pipe: () => _pipe,
  _positive: () => _positive,
  _promise: () => _promise,
  _properties: () => _properties,
  _property: () => _property,
  _readonly: () => _readonly,
  _record: () => _record,
  _refine: () => _refine,
  _regex: () => _regex,
  _safeDecode: () => _safeDecode,
  _safeDecodeAsync: () => _safeDecodeAsync,
  _safeEncode: () => _safeEncode,
  _safeEncodeAsync: () => _safeEncodeAsync,
  _safeParse: () => _safeParse,
  _safeParseAsync: () => _safeParseAsync,
  _set: () => _set,
  _size: () => _size,
  _slugify: () => _slugify,
  _startsWith: () => _startsWith,
  _string: () => _string,
  _stringFormat: () => _stringFormat,
  _stringbool: () => _stringbool,
  _success: () => _success,
  _superRefine: () => _superRefine,
  _symbol: () => _symbol,
  _templateLiteral: () => _templateLiteral,
  _toLowerCase: () => _toLowerCase,
  _toUpperCase: () => _toUpperCase,
  _transform: () => _transform,
  _trim: () => _trim,
  _tuple: () => _tuple,
  _uint32: () => _uint32,
  _uint64: () => _uint64,
  _ulid: () => _ulid,
  _undefined: () => _undefined2,
  _union: () => _union,
  _unknown: () => _unknown,
  _uppercase: () => _uppercase,
  _url: () => _url,
  _uuid: () => _uuid,
  _uuidv4: () => _uuidv4,
  _uuidv6: () => _uuidv6,
  _uuidv7: () => _uuidv7,
  _void: () => _void,
  _xid: () => _xid,
  _xor: () => _xor,
  base64Charset: () => base64Charset,
  base64urlCharset: () => base64urlCharset,
  canParseURL: () => canParseURL,
  clone: () => clone,
  compile: () => compile,
  compileFn: () => compileFn,
  config: () => config,
  createStandardJSONSchemaMethod: () => createStandardJSONSchemaMethod,
  createToJSONSchemaMethod: () => createToJSONSchemaMethod,
  decode: () => decode,
  decodeAsync: () => decodeAsync,
  describe: () => describe,
  encode: () => encode,
  encodeAsync: () => encodeAsync,
  extractDefs: () => extractDefs,
  finalize: () => finalize,
  flattenError: () => flattenError,
  formatError: () => formatError,
  getDiscriminatedOption: () => getDiscriminatedOption,
  globalConfig: () => globalConfig,
  globalRegistry: () => globalRegistry,
  handleUnrepresentable: () => handleUnrepresentable,
  initializeContext: () => initializeContext,
  isBackEdge: () => isBackEdge,
  isRecursiveSchema: () => isRecursiveSchema,
  isValidBase64: () => isValidBase64,
  isValidBase64URL: () => isValidBase64URL,
  isValidCIDRv6: () => isValidCIDRv6,
  isValidCreditCard: () => isValidCreditCard,
  isValidIBAN: () => isValidIBAN,
  isValidIPv6: () => isValidIPv6,
  isValidJWT: () => isValidJWT,
  locales: () => locales_exports,
  memoizer: () => memoizer,
  mergeValues: () => mergeValues,
  meta: () => meta,
  parse: () => parse,
  parseAsync: () => parseAsync,
  parseURLObject: () => parseURLObject,
  prettifyError: () => prettifyError,
  process: () => processSchema,
  processSchema: () => processSchema,
  regexes: () => regexes_exports,
  registry: () => registry,
  safeDecode: () => safeDecode,
  safeDecodeAsync: () => safeDecodeAsync,
  safeEncode: () => safeEncode,
  safeEncodeAsync: () => safeEncodeAsync,
  safeParse: () => safeParse,
  safeParseAsync: () => safeParseAsync,
  standardProps: () => standardProps,
  stripTabAndNewline: () => stripTabAndNewline,
  toDotPath: () => toDotPath,
  toJSONSchema: () => toJSONSchema,
  toZod: () => toZod,
  treeifyError: () => treeifyError,
  urlHostnameOk: () => urlHostnameOk,
  urlProtocolOk: () => urlProtocolOk,
  util: () => util_exports,
  validate: () => validate,
  validateAsync: () => validateAsync,
  validateURL: () => validateURL,
  version: () => version,
  withParser: () => withParser
});

// node_modules/zod/v4/core/util.js
var util_exports = {};
__export(util_exports, {
  BIGINT_FORMAT_RANGES: () => BIGINT_FORMAT_RANGES,
  CONSTANT_CATCH: () => CONSTANT_CATCH,
  Class: () => Class,
  NUMBER_FORMAT_RANGES: () => NUMBER_FORMAT_RANGES,
  aborted: () => aborted,
  allowsEval: () => allowsEval,
  assert: () => assert,
  assertEqual: () => assertEqual,
  assertIs: () => assertIs,
  assertNever: () => assertNever,
  assertNotEqual: () => assertNotEqual,
  assignProp: () => assignProp,
  attachSchema: () => attachSchema,
  base64ToUint8Array: () => base64ToUint8Array,
  base64urlToUint8Array: () => base64urlToUint8Array,
  cached: () => cached,
  captureStackTrace: () => captureStackTrace,
  cleanEnum: () => cleanEnum,
  cleanRegex: () => cleanRegex,
  clone: () => clone,
  cloneDef: () => cloneDef,
  codePointLength: () => codePointLength,
  constantCatch: () => constantCatch,
  createTransparentProxy: () => createTransparentProxy,
  defineLazy: () => defineLazy,
  defineLazyInternal: () => defineLazyInternal,
  derived: () => derived,
  esc: () => esc,
  escapeRegex: () => escapeRegex,
  explicitlyAborted: () => explicitlyAborted,
  extend: () => extend,
  finalizeIssue: () => finalizeIssue,
  floatSafeRemainder: () => floatSafeRemainder,
  getElementAtPath: () => getElementAtPath,
  getEnumValues: () => getEnumValues,
  getLengthableOrigin: () => getLengthableOrigin,
  getParsedType: () => getParsedType,
  getSizableOrigin: () => getSizableOrigin,
  hexToUint8Array: () => hexToUint8Array,
  hide: () => hide,
  installLazyProp: () => installLazyProp,
  isObject: () => isObject,
  isPlainObject: () => isPlainObject,
  issue: () => issue,
  joinValues: () => joinValues,
  jsonStringifyReplacer: () => jsonStringifyReplacer,
  members: () => members,
  merge: () => merge,
  mergeDefs: () => mergeDefs,
  normalizeParams: () => normalizeParams,
  nullish: () => nullish,
  numKeys: () => numKeys,
  objectClone: () => objectClone,
  omit: () => omit,
  optionalKeys: () => optionalKeys,
  own: () => own,
  parsedType: () => parsedType,
  partial: () => partial,
  pick: () => pick,
  prefixIssues: () => prefixIssues,
  primitiveTypes: () => primitiveTypes,
  promiseAllObject: () => promiseAllObject,
  propertyKeyTypes: () => propertyKeyTypes,
  randomString: () => randomString,
  rawShape: () => rawShape,
  required: () => required,
  safeExtend: () => safeExtend,
  shallowClone: () => shallowClone,
  sizeCaps: () => sizeCaps,
  slugify: () => slugify,
  stringifyPrimitive: () => stringifyPrimitive,
  toZod: () => toZod,
  uint8ArrayToBase64: () => uint8ArrayToBase64,
  uint8ArrayToBase64url: () => uint8ArrayToBase64url,
  uint8ArrayToHex: () => uint8ArrayToHex,
  unwrapMessage: () => unwrapMessage
});
function assertEqual(val) {
  return val;
}
function assertNotEqual(val) {
  return val;
}
function toZod() {
  return (schema) => schema;
}
function assertIs(_arg) {
}
function assertNever(_x) {
  throw new Error("Unexpected value in exhaustive check");
}
function assert(_) {
}
function getEnumValues(entries) {
  const numericValues = Object.values(entries).filter((v) => typeof v === "number");
  const values = Object.entries(entries).filter(([k, _]) => numericValues.indexOf(+k) === -1).map(([_, v]) => v);
  return values;
}
function joinValues(array2, separator = "|") {
  return array2.map((val) => stringifyPrimitive(val)).join(separator);
}
function jsonStringifyReplacer(_, value) {
  if (typeof value === "bigint")
    return value.toString();
  return value;
}
var Cached = class {
  constructor(getter) {
    this._getter = getter;
    this._value = void 0;
  }
  get value() {
    const getter = this._getter;
    if (getter !== void 0) {
      this._value = getter();
      this._getter = void 0;
    }
    return this._value;
  }
};
function cached(getter) {
  return new Cached(getter);
}
function nullish(input2) {
  return input2 === null || input2 === void 0;
}
function cleanRegex(source) {
  const start2 = source.startsWith("^") ? 1 : 0;
  const end = source.endsWith("$") ? source.length - 1 : source.length;
  return source.slice(start2, end);
}
function floatSafeRemainder(val, step) {
  const ratio = val / step;
  const roundedRatio = Math.round(ratio);
  const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
  if (Math.abs(ratio - roundedRatio) < tolerance)
    return 0;
  return ratio - roundedRatio;
}
var EVALUATING = /* @__PURE__ */ Symbol("evaluating");
function defineLazy(object2, key, getter) {
  let value = void 0;
  Object.defineProperty(object2, key, {
    get() {
      if (value === EVALUATING) {
        return void 0;
      }
      if (value === void 0) {
        value = EVALUATING;
        value = getter();
      }
      return value;
    },
    set(v) {
      Object.defineProperty(object2, key, {
        value: v
        // configurable: true,
      });
    },
    configurable: true
  });
}
function objectClone(obj) {
  return Object.create(Object.getPrototypeOf(obj), Object.getOwnPropertyDescriptors(obj));
}
function assignProp(target, prop, value) {
  Object.defineProperty(target, prop, {
    value,
    writable: true,
    enumerable: true,
    configurable: true
  });
}
function rawShape(def) {
  const desc = Object.getOwnPropertyDescriptor(def, "shape");
  return desc?.get ? desc.get.raw : desc?.value;
}
function sourceShape(schema) {
  return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
function deferProp(target, key, getter) {
  Object.defineProperty(target, key, {
    get() {
      const value = getter();
      assignProp(this, key, value);
      return value;
    },
    enumerable: true,
    configurable: true
  });
}
function putProp(target, key, value) {
  if (key in target)
    assignProp(target, key, value);
  else
    target[key] = value;
}
function mirrorShape(target, source, keys, wrap) {
  const raw = sourceShape(source);
  for (const key of keys) {
    const desc = Object.getOwnPropertyDescriptor(raw, key);
    if (!desc.enumerable)
      continue;
    if (desc.get) {
      deferProp(target, key, () => {
        const value = source._zod.def.shape[key];
        return wrap ? wrap(value, key) : value;
      });
    } else
      putProp(target, key, wrap ? wrap(desc.value, key) : desc.value);
  }
}
function mirrorProps(target, source) {
  for (const key of Reflect.ownKeys(source)) {
    const desc = Object.getOwnPropertyDescriptor(source, key);
    if (!desc.enumerable)
      continue;
    if (desc.get)
      deferProp(target, key, () => source[key]);
    else
      putProp(target, key, desc.value);
  }
}
function mergeDefs(...defs) {
  const mergedDescriptors = {};
  for (const def of defs) {
    const descriptors = Object.getOwnPropertyDescriptors(def);
    Object.assign(mergedDescriptors, descriptors);
  }
  return Object.defineProperties({}, mergedDescriptors);
}
function cloneDef(schema) {
  return mergeDefs(schema._zod.def);
}
function getElementAtPath(obj, path) {
  if (!path)
    return obj;
  return path.reduce((acc, key) => acc?.[key], obj);
}
function promiseAllObject(promisesObj) {
  const keys = Object.keys(promisesObj);
  const promises = keys.map((key) => promisesObj[key]);
  return Promise.all(promises).then((results) => {
    const resolvedObj = {};
    for (let i = 0; i < keys.length; i++) {
      resolvedObj[keys[i]] = results[i];
    }
    return resolvedObj;
  });
}
function randomString(length = 10) {
  const chars = "abcdefghijklmnopqrstuvwxyz";
  let str = "";
  for (let i = 0; i < length; i++) {
    str += chars[Math.floor(Math.random() * chars.length)];
  }
  return str;
}
function esc(str) {
  return JSON.stringify(str);
}
function slugify(input2) {
  return input2.toLowerCase().trim().replace(/[^\w\s-]/g, "").replace(/[\s_-]+/g, "-").replace(/^-+|-+$/g, "");
}
var captureStackTrace = "captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => {
};
function isObject(data) {
  return typeof data === "object" && data !== null && !Array.isArray(data);
}
var allowsEval = /* @__PURE__ */ cached(() => {
  if (globalConfig.jitless) {
    return false;
  }
  if (typeof navigator !== "undefined" && navigator?.userAgent?.includes("Cloudflare")) {
    return false;
  }
  try {
    const F = Function;
    new F("");
    return true;
  } catch (_) {
    return false;
  }
});
function isPlainObject(o) {
  if (isObject(o) === false)
    return false;
  const ctor = o.constructor;
  if (ctor === void 0)
    return true;
  if (typeof ctor !== "function")
    return true;
  const prot = ctor.prototype;
  if (isObject(prot) === false)
    return false;
  if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
    return false;
  }
  return true;
}
function shallowClone(o) {
  if (isPlainObject(o))
    return { ...o };
  if (Array.isArray(o))
    return [...o];
  if (o instanceof Map)
    return new Map(o);
  if (o instanceof Set)
    return new Set(o);
  return o;
}
function numKeys(data) {
  let keyCount = 0;
  for (const key in data) {
    if (Object.prototype.hasOwnProperty.call(data, key)) {
      keyCount++;
    }
  }
  return keyCount;
}
var getParsedType = (data) => {
  const t = typeof data;
  switch (t) {
    case "undefined":
      return "undefined";
    case "string":
      return "string";
    case "number":
      return Number.isNaN(data) ? "nan" : "number";
    case "boolean":
      return "boolean";
    case "function":
      return "function";
    case "bigint":
      return "bigint";
    case "symbol":
      return "symbol";
    case "object":
      if (Array.isArray(data)) {
        return "array";
      }
      if (data === null) {
        return "null";
      }
      if (data.then && typeof data.then === "function" && data.catch && typeof data.catch === "function") {
        return "promise";
      }
      if (typeof Map !== "undefined" && data instanceof Map) {
        return "map";
      }
      if (typeof Set !== "undefined" && data instanceof Set) {
        return "set";
      }
      if (typeof Date !== "undefined" && data instanceof Date) {
        return "date";
      }
      if (typeof File !== "undefined" && data instanceof File) {
        return "file";
      }
      return "object";
    default:
      throw new Error(`Unknown data type: ${t}`);
  }
};
var propertyKeyTypes = /* @__PURE__ */ new Set(["string", "number", "symbol"]);
var primitiveTypes = /* @__PURE__ */ new Set([
  "string",
  "number",
  "bigint",
  "boolean",
  "symbol",
  "undefined"
]);
function escapeRegex(str) {
  return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function clone(inst, def, params) {
  const cl = new inst._zod.constr(def ?? inst._zod.def);
  if (!def || params?.parent)
    cl._zod.parent = inst;
  return cl;
}
function normalizeParams(_params) {
  const params = _params;
  if (!params)
    return {};
  if (typeof params === "string")
    return { error: () => params };
  if (params?.message !== void 0) {
    if (params?.error !== void 0)
      throw new Error("Cannot specify both `message` and `error` params");
    params.error = params.message;
  }
  delete params.message;
  if (typeof params.error === "string")
    return { ...params, error: () => params.error };
  return params;
}
function createTransparentProxy(getter) {
  let target;
  return new Proxy({}, {
    get(_, prop, receiver) {
      target ?? (target = getter());
      return Reflect.get(target, prop, receiver);
    },
    set(_, prop, value, receiver) {
      target ?? (target = getter());
      return Reflect.set(target, prop, value, receiver);
    },
    has(_, prop) {
      target ?? (target = getter());
      return Reflect.has(target, prop);
    },
    deleteProperty(_, prop) {
      target ?? (target = getter());
      return Reflect.deleteProperty(target, prop);
    },
    ownKeys(_) {
      target ?? (target = getter());
      return Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(_, prop) {
      target ?? (target = getter());
      return Reflect.getOwnPropertyDescriptor(target, prop);
    },
    defineProperty(_, prop, descriptor) {
      target ?? (target = getter());
      return Reflect.defineProperty(target, prop, descriptor);
    }
  });
}
function stringifyPrimitive(value) {
  if (typeof value === "bigint")
    return value.toString() + "n";
  if (typeof value === "string")
    return `"${value}"`;
  return `${value}`;
}
function optionalKeys(shape) {
  return Object.keys(shape).filter((k) => {
    return shape[k]._zod.optin !== void 0 && shape[k]._zod.optout === "optional";
  });
}
var NUMBER_FORMAT_RANGES = /* @__PURE__ */ (() => ({
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
  float32: [-34028234663852886e22, 34028234663852886e22],
  float64: [-Number.MAX_VALUE, Number.MAX_VALUE]
}))();
var BIGINT_FORMAT_RANGES = {
  int64: [/* @__PURE__ */ BigInt("-9223372036854775808"), /* @__PURE__ */ BigInt("9223372036854775807")],
  uint64: [/* @__PURE__ */ BigInt(0), /* @__PURE__ */ BigInt("18446744073709551615")]
};
function pick(schema, mask) {
  const currDef = schema._zod.def;
  const checks = currDef.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    throw new Error(".pick() cannot be used on object schemas containing refinements");
  }
  const newShape = {};
  mirrorShape(newShape, schema, maskedKeys(schema, mask));
  return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function maskedKeys(schema, mask) {
  const raw = sourceShape(schema);
  const keys = [];
  for (const key of Reflect.ownKeys(mask)) {
    if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable) {
      throw new Error(`Unrecognized key: "${String(key)}"`);
    }
    if (mask[key])
      keys.push(key);
  }
  return keys;
}
function omit(schema, mask) {
  const currDef = schema._zod.def;
  const checks = currDef.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    throw new Error(".omit() cannot be used on object schemas containing refinements");
  }
  const omitted = new Set(maskedKeys(schema, mask));
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)).filter((key) => !omitted.has(key)));
  return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function extend(schema, shape) {
  if (!isPlainObject(shape)) {
    throw new Error("Invalid input to extend: expected a plain object");
  }
  const checks = schema._zod.def.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    const existingShape = sourceShape(schema);
    for (const key of Reflect.ownKeys(shape)) {
      if (Object.getOwnPropertyDescriptor(existingShape, key) !== void 0) {
        throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
      }
    }
  }
  return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function extended(schema, shape) {
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)));
  mirrorProps(newShape, shape);
  return newShape;
}
function safeExtend(schema, shape) {
  if (!isPlainObject(shape)) {
    throw new Error("Invalid input to safeExtend: expected a plain object");
  }
  return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge(a, b) {
  if (!b?._zod?.def) {
    throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
  }
  if (a._zod.def.checks?.length) {
    throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
  }
  const newShape = {};
  mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a)));
  mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
  const def = mergeDefs(a._zod.def, {
    shape: newShape,
    get catchall() {
      return b._zod.def.catchall;
    },
    checks: b._zod.def.checks ?? []
  });
  return clone(a, def);
}
function partial(Class2, schema, mask, name = "partial") {
  const currDef = schema._zod.def;
  const checks = currDef.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
  }
  const selected = mask ? new Set(maskedKeys(schema, mask)) : void 0;
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), Class2 && ((value, key) => selected && !selected.has(key) ? value : new Class2({ type: "optional", innerType: value })));
  return clone(schema, mergeDefs(schema._zod.def, { shape: newShape, checks: [] }));
}
function required(Class2, schema, mask) {
  const selected = mask ? new Set(maskedKeys(schema, mask)) : void 0;
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key) => (
    // overwrite with non-optional
    selected && !selected.has(key) ? value : new Class2({ type: "nonoptional", innerType: value })
  ));
  return clone(schema, mergeDefs(schema._zod.def, { shape: newShape }));
}
function aborted(x, startIndex = 0) {
  if (x.aborted === true)
    return true;
  for (let i = startIndex; i < x.issues.length; i++) {
    if (x.issues[i]?.continue !== true) {
      return true;
    }
  }
  return false;
}
function explicitlyAborted(x, startIndex = 0) {
  if (x.aborted === true)
    return true;
  for (let i = startIndex; i < x.issues.length; i++) {
    if (x.issues[i]?.continue === false) {
      return true;
    }
  }
  return false;
}
function prefixIssues(path, issues) {
  return issues.map((iss) => {
    var _a3;
    (_a3 = iss).path ?? (_a3.path = []);
    iss.path.unshift(path);
    return iss;
  });
}
function unwrapMessage(message) {
  return typeof message === "string" ? message : message?.message;
}
function sizeCaps(defChecks) {
  const caps = [];
  for (const ch of defChecks ?? []) {
    const d = ch._zod.def;
    if (!/_(length|size)$|_equals$/.test(d.check))
      break;
    const max = d.maximum ?? d.length ?? d.size;
    if (max >= 0)
      caps.push([max, ch]);
  }
  return caps;
}
function attachSchema(issues, start2, inst) {
  var _a3;
  for (let i = start2; i < issues.length; i++) {
    (_a3 = issues[i]).schema ?? (_a3.schema = inst);
  }
}
function finalizeIssue(iss, ctx, config2) {
  var _a3;
  const traits = iss.inst?._zod?.traits;
  if (traits?.has("$ZodType")) {
    if (traits.has("$ZodCheck"))
      (_a3 = iss).schema ?? (_a3.schema = iss.inst);
    else
      iss.schema = iss.inst;
  }
  const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : void 0;
  const message = iss.message ? iss.message : unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ?? unwrapMessage(schemaError?.(iss)) ?? unwrapMessage(ctx?.error?.(iss)) ?? unwrapMessage(config2.customError?.(iss)) ?? unwrapMessage(config2.localeError?.(iss)) ?? "Invalid input";
  const full = {};
  for (const k of Object.keys(iss)) {
    if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__")
      continue;
    full[k] = iss[k];
  }
  full.path ?? (full.path = []);
  full.message = message;
  if (ctx?.reportInput) {
    full.input = iss.input;
  }
  return full;
}
function getSizableOrigin(input2) {
  if (input2 instanceof Set)
    return "set";
  if (input2 instanceof Map)
    return "map";
  if (input2 instanceof File)
    return "file";
  return "unknown";
}
var highSurrogate = /[\uD800-\uDBFF]/;
function codePointLength(str) {
  const units = str.length;
  if (!highSurrogate.test(str))
    return units;
  let count = units;
  for (let i = 0; i < units - 1; i++) {
    if ((str.charCodeAt(i) & 64512) === 55296 && (str.charCodeAt(i + 1) & 64512) === 56320) {
      count--;
      i++;
    }
  }
  return count;
}
function getLengthableOrigin(input2) {
  if (Array.isArray(input2))
    return "array";
  if (typeof input2 === "string")
    return "string";
  return "unknown";
}
function parsedType(data) {
  const t = typeof data;
  switch (t) {
    case "number": {
      return Number.isNaN(data) ? "nan" : "number";
    }
    case "object": {
      if (data === null) {
        return "null";
      }
      if (Array.isArray(data)) {
        return "array";
      }
      const obj = data;
      if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor) {
        return obj.constructor.name;
      }
    }
  }
  return t;
}
function issue(...args) {
  const [iss, input2, inst] = args;
  if (typeof iss === "string") {
    return {
      message: iss,
      code: "custom",
      input: input2,
      inst
    };
  }
  return { ...iss };
}
function cleanEnum(obj) {
  return Object.entries(obj).filter(([k, _]) => {
    return Number.isNaN(Number.parseInt(k, 10));
  }).map((el) => el[1]);
}
function base64ToUint8Array(base643) {
  const binaryString = atob(base643);
  const bytes = new Uint8Array(binaryString.length);
  for (let i = 0; i < binaryString.length; i++) {
    bytes[i] = binaryString.charCodeAt(i);
  }
  return bytes;
}
function uint8ArrayToBase64(bytes) {
  let binaryString = "";
  for (let i = 0; i < bytes.length; i++) {
    binaryString += String.fromCharCode(bytes[i]);
  }
  return btoa(binaryString);
}
function base64urlToUint8Array(base64url3) {
  const base643 = base64url3.replace(/-/g, "+").replace(/_/g, "/");
  const padding = "=".repeat((4 - base643.length % 4) % 4);
  return base64ToUint8Array(base643 + padding);
}
function uint8ArrayToBase64url(bytes) {
  return uint8ArrayToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
}
function hexToUint8Array(hex3) {
  const cleanHex = hex3.replace(/^0x/, "");
  if (cleanHex.length % 2 !== 0) {
    throw new Error("Invalid hex string length");
  }
  const bytes = new Uint8Array(cleanHex.length / 2);
  for (let i = 0; i < cleanHex.length; i += 2) {
    bytes[i / 2] = Number.parseInt(cleanHex.slice(i, i + 2), 16);
  }
  return bytes;
}
function uint8ArrayToHex(bytes) {
  return Array.from(bytes).map((b) => b.toString(16).padStart(2, "0")).join("");
}
var Class = class {
  constructor(..._args) {
  }
};
function members(proto, table) {
  for (const key in table) {
    const desc = Object.getOwnPropertyDescriptor(table, key);
    if (desc.get)
      Object.defineProperty(proto, key, { ...desc, enumerable: false });
    else
      defineBound(proto, key, desc.value);
  }
}
function own(inst, key, value, enumerable = true) {
  Object.defineProperty(inst, key, { configurable: true, writable: true, enumerable, value });
  return value;
}
function hide(inst, key, value) {
  return own(inst, key, value, false);
}
// @__NO_SIDE_EFFECTS__
function derived(computes, table) {
  for (const key in computes) {
    const compute = computes[key];
    Object.defineProperty(table, key, {
      configurable: true,
      enumerable: true,
      get() {
        return own(this, key, compute(this));
      },
      set(value) {
        own(this, key, value);
      }
    });
  }
  return table;
}
function defineBound(proto, key, fn) {
  Object.defineProperty(proto, key, {
    configurable: true,
    get() {
      return this == null ? fn : own(this, key, fn.bind(this));
    },
    set(value) {
      own(this, key, value);
    }
  });
}
function claim(inst, sentinel) {
  const proto = Object.getPrototypeOf(inst);
  return sentinel in proto ? void 0 : proto;
}
var installing;
var broke = false;
var breaker = {
  configurable: true,
  get() {
    broke = true;
    return void 0;
  }
};
function defineLazyInternal(inst, key, compute) {
  const proto = Object.getPrototypeOf(inst._zod);
  if (key in proto && installing !== inst._zod) {
    installing = void 0;
    return;
  }
  installing = inst._zod;
  Object.defineProperty(proto, key, {
    configurable: true,
    get() {
      Object.defineProperty(this, key, breaker);
      const outer = broke;
      broke = false;
      try {
        const value = compute(this);
        if (broke)
          delete this[key];
        else
          Object.defineProperty(this, key, { configurable: true, writable: true, value });
        broke = broke || outer;
        return value;
      } catch (err2) {
        delete this[key];
        broke = broke || outer;
        throw err2;
      }
    },
    set(value) {
      Object.defineProperty(this, key, { configurable: true, writable: true, value });
    }
  });
}
function installLazyProp(inst, key, make, enumerable) {
  const proto = claim(inst, key);
  if (!proto)
    return;
  Object.defineProperty(proto, key, {
    configurable: true,
    get() {
      const desc = { configurable: true, writable: true, enumerable, value: void 0 };
      Object.defineProperty(this, key, desc);
      desc.value = make(this);
      Object.defineProperty(this, key, desc);
      return desc.value;
    },
    set(value) {
      Object.defineProperty(this, key, { configurable: true, writable: true, enumerable, value });
    }
  });
}
var CONSTANT_CATCH = "~constantCatch";
function constantCatch(value) {
  const fn = () => value;
  fn[CONSTANT_CATCH] = true;
  return fn;
}

// node_modules/zod/v4/core/core.js
var _a;
var NEVER = /* @__PURE__ */ Object.freeze({
  status: "aborted"
});
var _zodDesc = { value: void 0, enumerable: false };
var _E = "captureStackTrace" in Error ? Error : null;
function newError(Definition) {
  const E = _E;
  if (E) {
    const saved = E.stackTraceLimit;
    if (typeof saved === "number") {
      try {
        E.stackTraceLimit = 0;
      } catch {
        _E = null;
        return new Definition();
      }
      try {
        return new Definition();
      } finally {
        E.stackTraceLimit = saved;
      }
    }
  }
  return new Definition();
}
// @__NO_SIDE_EFFECTS__
function $constructor(name, initializer3, proto, params) {
  const zodProto = {};
  function Internals(def) {
    this.def = def;
    this.constr = _;
    this.traits = /* @__PURE__ */ new Set();
  }
  Internals.prototype = zodProto;
  const protoMembers = proto;
  const initialized = protoMembers && /* @__PURE__ */ new WeakSet();
  function init(inst, def) {
    if (!inst._zod) {
      _zodDesc.value = new Internals(def);
      try {
        Object.defineProperty(inst, "_zod", _zodDesc);
      } finally {
        _zodDesc.value = void 0;
      }
    } else if (inst._zod.traits.has(name)) {
      return;
    }
    inst._zod.traits.add(name);
    initializer3(inst, def);
    if (initialized) {
      const own2 = Object.getPrototypeOf(inst);
      const ctorProto = inst._zod.constr.prototype;
      let up = own2;
      while (up && up !== ctorProto)
        up = Object.getPrototypeOf(up);
      const target = up ?? own2;
      if (!initialized.has(target)) {
        initialized.add(target);
        members(target, protoMembers);
      }
    }
    const proto2 = _.prototype;
    for (const k in proto2) {
      if (!Object.prototype.hasOwnProperty.call(proto2, k))
        continue;
      if (!(k in inst)) {
        inst[k] = proto2[k].bind(inst);
      }
    }
  }
  const Parent = params?.Parent ?? Object;
  class Definition extends Parent {
  }
  Object.defineProperty(Definition, "name", { value: name });
  function _(def) {
    const inst = params?.Parent ? newError(Definition) : this;
    init(inst, def);
    const deferred = inst._zod.deferred;
    if (deferred) {
      for (const fn of deferred) {
        fn();
      }
      inst._zod.deferred = void 0;
    }
    const pp = globalThis.__zod_globalConfig?.postProcessor;
    if (pp)
      pp(inst);
    return inst;
  }
  Object.defineProperty(_, "init", { value: init });
  Object.defineProperty(_, Symbol.hasInstance, {
    value: (inst) => {
      if (params?.Parent && inst instanceof params.Parent)
        return true;
      return inst?._zod?.traits?.has(name);
    }
  });
  Object.defineProperty(_, "name", { value: name });
  return _;
}
var $brand = /* @__PURE__ */ Symbol("zod_brand");
var $ZodAsyncError = class extends Error {
  constructor() {
    super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
  }
};
var $ZodEncodeError = class extends Error {
  constructor(name) {
    super(`Encountered unidirectional transform during encode: ${name}`);
    this.name = "ZodEncodeError";
  }
};
(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
var globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
  if (newConfig)
    Object.assign(globalConfig, newConfig);
  return globalConfig;
}

// node_modules/zod/v4/core/errors.js
function _getMessage() {
  const internals = this._zod;
  internals.message ?? (internals.message = JSON.stringify(internals.def, jsonStringifyReplacer, 2));
  return internals.message;
}
function _setMessage(value) {
  this._zod.message = value;
}
var _messageDesc = {
  get: _getMessage,
  set: _setMessage,
  enumerable: true,
  configurable: true
};
var _issuesDesc = { value: void 0, enumerable: false };
var _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
var initializer = (inst, def) => {
  inst.name = "$ZodError";
  _issuesDesc.value = def;
  Object.defineProperty(inst, "issues", _issuesDesc);
  _issuesDesc.value = void 0;
  Object.defineProperty(inst, "message", _messageDesc);
  const proto = Object.getPrototypeOf(inst);
  if (!_installedToString.has(proto)) {
    _installedToString.add(proto);
    Object.defineProperty(proto, "toString", {
      configurable: true,
      enumerable: false,
      get() {
        const value = () => this.message;
        Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
        return value;
      },
      set(value) {
        Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
      }
    });
  }
};
var $ZodError = $constructor("$ZodError", initializer);
var $ZodRealError = $constructor("$ZodError", initializer, void 0, {
  Parent: Error
});
function node(obj, key, make) {
  if (!Object.prototype.hasOwnProperty.call(obj, key)) {
    if (key === "__proto__") {
      Object.defineProperty(obj, key, { value: make(), writable: true, enumerable: true, configurable: true });
    } else {
      obj[key] = make();
    }
  }
  return obj[key];
}
function flattenError(error2, mapper = (issue2) => issue2.message) {
  const fieldErrors = {};
  const formErrors = [];
  for (const sub of error2.issues) {
    if (sub.path.length > 0) {
      node(fieldErrors, sub.path[0], () => []).push(mapper(sub));
    } else {
      formErrors.push(mapper(sub));
    }
  }
  return { formErrors, fieldErrors };
}
function formatError(error2, mapper = (issue2) => issue2.message) {
  const fieldErrors = { _errors: [] };
  const processError = (error3, path = []) => {
    for (const issue2 of error3.issues) {
      if (issue2.code === "invalid_union" && issue2.errors.length) {
        issue2.errors.map((issues) => processError({ issues }, [...path, ...issue2.path]));
      } else if (issue2.code === "invalid_key") {
        processError({ issues: issue2.issues }, [...path, ...issue2.path]);
      } else if (issue2.code === "invalid_element") {
        processError({ issues: issue2.issues }, [...path, ...issue2.path]);
      } else {
        const fullpath = [...path, ...issue2.path];
        if (fullpath.length === 0) {
          fieldErrors._errors.push(mapper(issue2));
        } else {
          let curr = fieldErrors;
          let i = 0;
          while (i < fullpath.length) {
            const el = fullpath[i];
            const terminal = i === fullpath.length - 1;
            if (el === "_errors") {
              if (terminal)
                curr._errors.push(mapper(issue2));
              i++;
              continue;
            }
            if (!Object.prototype.hasOwnProperty.call(curr, el)) {
              Object.defineProperty(curr, el, {
                value: { _errors: [] },
                enumerable: true,
                writable: true,
                configurable: true
              });
            }
            const node2 = curr[el];
            if (terminal) {
              node2._errors.push(mapper(issue2));
            }
            curr = node2;
            i++;
          }
        }
      }
    }
  };
  processError(error2);
  return fieldErrors;
}
function treeifyError(error2, mapper = (issue2) => issue2.message) {
  const result = { errors: [] };
  const processError = (error3, path = []) => {
    var _a3;
    for (const issue2 of error3.issues) {
      if (issue2.code === "invalid_union" && issue2.errors.length) {
        issue2.errors.map((issues) => processError({ issues }, [...path, ...issue2.path]));
      } else if (issue2.code === "invalid_key") {
        processError({ issues: issue2.issues }, [...path, ...issue2.path]);
      } else if (issue2.code === "invalid_element") {
        processError({ issues: issue2.issues }, [...path, ...issue2.path]);
      } else {
        const fullpath = [...path, ...issue2.path];
        if (fullpath.length === 0) {
          result.errors.push(mapper(issue2));
          continue;
        }
        let curr = result;
        let i = 0;
        while (i < fullpath.length) {
          const el = fullpath[i];
          const terminal = i === fullpath.length - 1;
          if (typeof el === "string") {
            curr.properties ?? (curr.properties = {});
            if (!Object.prototype.hasOwnProperty.call(curr.properties, el)) {
              Object.defineProperty(curr.properties, el, {
                value: { errors: [] },
                enumerable: true,
                writable: true,
                configurable: true
              });
            }
            curr = curr.properties[el];
          } else {
            curr.items ?? (curr.items = []);
            (_a3 = curr.items)[el] ?? (_a3[el] = { errors: [] });
            curr = curr.items[el];
          }
          if (terminal) {
            curr.errors.push(mapper(issue2));
          }
          i++;
        }
      }
    }
  };
  processError(error2);
  return result;
}
function toDotPath(_path) {
  const segs = [];
  const path = _path.map((seg) => typeof seg === "object" ? seg.key : seg);
  for (const seg of path) {
    if (typeof seg === "number")
      segs.push(`[${seg}]`);
    else if (typeof seg === "symbol")
      segs.push(`[${JSON.stringify(String(seg))}]`);
    else if (/[^\w$]/.test(seg))
      segs.push(`[${JSON.stringify(seg)}]`);
    else {
      if (segs.length)
        segs.push(".");
      segs.push(seg);
    }
  }
  return segs.join("");
}
function prettifyError(error2) {
  const lines = [];
  const issues = [...error2.issues].sort((a, b) => (a.path ?? []).length - (b.path ?? []).length);
  for (const issue2 of issues) {
    lines.push(`\u2716 ${issue2.message}`);
    if (issue2.path?.length)
      lines.push(`  \u2192 at ${toDotPath(issue2.path)}`);
  }
  return lines.join("\n");
}

// node_modules/zod/v4/core/parse.js
function finalizeParams(callee, params) {
  return { callee: params?.callee ?? callee, Err: params?.Err };
}
var _parse = (_Err) => {
  const fn = (schema, value, _ctx, _params) => {
    const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
    const result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise) {
      throw new $ZodAsyncError();
    }
    if (result.issues.length) {
      const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
      captureStackTrace(e, _params?.callee ?? fn);
      throw e;
    }
    return result.value;
  };
  return fn;
};
var parse = /* @__PURE__ */ _parse($ZodRealError);
var _parseAsync = (_Err) => {
  const fn = async (schema, value, _ctx, params) => {
    const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
      result = await result;
    if (result.issues.length) {
      const e = new (params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
      captureStackTrace(e, params?.callee ?? fn);
      throw e;
    }
    return result.value;
  };
  return fn;
};
var parseAsync = /* @__PURE__ */ _parseAsync($ZodRealError);
var _safeParse = (_Err) => (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
  const result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise) {
    throw new $ZodAsyncError();
  }
  return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
var safeParse = /* @__PURE__ */ _safeParse($ZodRealError);
function failure(Err, issues, ctx) {
  let error2;
  return {
    success: false,
    get error() {
      if (!error2) {
        error2 = new Err(issues.map((iss) => finalizeIssue(iss, ctx, config())));
        issues = void 0;
        ctx = void 0;
      }
      return error2;
    },
    set error(e) {
      error2 = e;
      issues = void 0;
      ctx = void 0;
    }
  };
}
var _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
  let result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise)
    result = await result;
  return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
var safeParseAsync = /* @__PURE__ */ _safeParseAsync($ZodRealError);
var COMPILE_INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid");
var COMPILE_FALLBACK = /* @__PURE__ */ Symbol.for("zod.compile.fallback");
var validate = ((schema, value, _ctx) => {
  const validator = schema._zod.bag.validator;
  if (validator !== void 0) {
    if (validator(value) !== COMPILE_INVALID)
      return true;
    if (validator.definite === true && _ctx === void 0)
      return false;
  }
  return validateFallback(schema, value, _ctx);
});
function validateFallback(schema, value, _ctx) {
  const ctx = _ctx ? { ..._ctx, async: false, abortEarly: true } : { async: false, abortEarly: true };
  const fallbackRun = schema._zod.bag.fallbackRun;
  let result;
  if (fallbackRun) {
    ctx[COMPILE_FALLBACK] = true;
    result = fallbackRun({ value, issues: [] }, ctx);
  } else {
    result = schema._zod.run({ value, issues: [] }, ctx);
  }
  if (result instanceof Promise) {
    throw new $ZodAsyncError();
  }
  return result.issues.length === 0;
}
var validateAsync = async (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: true, abortEarly: true } : { async: true, abortEarly: true };
  let result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise)
    result = await result;
  return result.issues.length === 0;
};
var _encode = (_Err) => {
  const parse4 = _parse(_Err);
  const fn = (schema, value, _ctx, _params) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return parse4(schema, value, ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var encode = /* @__PURE__ */ _encode($ZodRealError);
var _decode = (_Err) => {
  const parse4 = _parse(_Err);
  const fn = (schema, value, _ctx, _params) => {
    return parse4(schema, value, _ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var decode = /* @__PURE__ */ _decode($ZodRealError);
var _encodeAsync = (_Err) => {
  const parseAsync3 = _parseAsync(_Err);
  const fn = async (schema, value, _ctx, _params) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return await parseAsync3(schema, value, ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var encodeAsync = /* @__PURE__ */ _encodeAsync($ZodRealError);
var _decodeAsync = (_Err) => {
  const parseAsync3 = _parseAsync(_Err);
  const fn = async (schema, value, _ctx, _params) => {
    return await parseAsync3(schema, value, _ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var decodeAsync = /* @__PURE__ */ _decodeAsync($ZodRealError);
var _safeEncode = (_Err) => (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
  return _safeParse(_Err)(schema, value, ctx);
};
var safeEncode = /* @__PURE__ */ _safeEncode($ZodRealError);
var _safeDecode = (_Err) => (schema, value, _ctx) => {
  return _safeParse(_Err)(schema, value, _ctx);
};
var safeDecode = /* @__PURE__ */ _safeDecode($ZodRealError);
var _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
  return _safeParseAsync(_Err)(schema, value, ctx);
};
var safeEncodeAsync = /* @__PURE__ */ _safeEncodeAsync($ZodRealError);
var _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => {
  return _safeParseAsync(_Err)(schema, value, _ctx);
};
var safeDecodeAsync = /* @__PURE__ */ _safeDecodeAsync($ZodRealError);

// node_modules/zod/v4/core/regexes.js
var regexes_exports = {};
__export(regexes_exports, {
  anyString: () => anyString,
  base64: () => base64,
  base64url: () => base64url,
  bigint: () => bigint,
  boolean: () => boolean,
  browserEmail: () => browserEmail,
  cidrv4: () => cidrv4,
  cidrv6: () => cidrv6,
  creditCard: () => creditCard,
  cuid: () => cuid,
  cuid2: () => cuid2,
  currencyCode: () => currencyCode,
  date: () => date,
  datetime: () => datetime,
  domain: () => domain,
  duration: () => duration,
  e164: () => e164,
  email: () => email,
  emoji: () => emoji,
  extendedDuration: () => extendedDuration,
  guid: () => guid,
  hex: () => hex,
  hostname: () => hostname,
  html5Email: () => html5Email,
  httpProtocol: () => httpProtocol,
  iban: () => iban,
  idnEmail: () => idnEmail,
  integer: () => integer,
  ipv4: () => ipv4,
  ipv6: () => ipv6,
  ksuid: () => ksuid,
  lowercase: () => lowercase,
  mac: () => mac,
  md5_base64: () => md5_base64,
  md5_base64url: () => md5_base64url,
  md5_hex: () => md5_hex,
  nanoid: () => nanoid,
  nanoidOfLength: () => nanoidOfLength,
  null: () => _null,
  number: () => number,
  rfc5322Email: () => rfc5322Email,
  sha1_base64: () => sha1_base64,
  sha1_base64url: () => sha1_base64url,
  sha1_hex: () => sha1_hex,
  sha256_base64: () => sha256_base64,
  sha256_base64url: () => sha256_base64url,
  sha256_hex: () => sha256_hex,
  sha384_base64: () => sha384_base64,
  sha384_base64url: () => sha384_base64url,
  sha384_hex: () => sha384_hex,
  sha512_base64: () => sha512_base64,
  sha512_base64url: () => sha512_base64url,
  sha512_hex: () => sha512_hex,
  string: () => string,
  time: () => time,
  ulid: () => ulid,
  undefined: () => _undefined,
  unicodeEmail: () => unicodeEmail,
  uppercase: () => uppercase,
  uuid: () => uuid,
  uuid4: () => uuid4,
  uuid6: () => uuid6,
  uuid7: () => uuid7,
  xid: () => xid
});
var cuid = /^[cC][0-9a-z]{6,}$/;
var cuid2 = /^[0-9a-z]+$/;
var ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
var xid = /^[0-9a-vA-V]{20}$/;
var ksuid = /^[A-Za-z0-9]{27}$/;
var nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
  return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
var duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
var extendedDuration = /^[-+]?P(?!$)(?:(?:[-+]?\d+Y)|(?:[-+]?\d+[.,]\d+Y$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:(?:[-+]?\d+W)|(?:[-+]?\d+[.,]\d+W$))?(?:(?:[-+]?\d+D)|(?:[-+]?\d+[.,]\d+D$))?(?:T(?=[\d+-])(?:(?:[-+]?\d+H)|(?:[-+]?\d+[.,]\d+H$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:[-+]?\d+(?:[.,]\d+)?S)?)??$/;
var guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
var uuid = (version2) => {
  if (!version2)
    return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
  return new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version2}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`);
};
var uuid4 = /* @__PURE__ */ uuid(4);
var uuid6 = /* @__PURE__ */ uuid(6);
var uuid7 = /* @__PURE__ */ uuid(7);
var email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
var html5Email = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
var rfc5322Email = /^(([^<>()\[\]\\.,;:\s@"]+(\.[^<>()\[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
var unicodeEmail = /^[^\s@"]{1,64}@[^\s@]{1,255}$/u;
var idnEmail = unicodeEmail;
var browserEmail = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
var _emoji = `^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$`;
function emoji() {
  return new RegExp(_emoji, "u");
}
var ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
var ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
var mac = (delimiter) => {
  const escapedDelim = escapeRegex(delimiter ?? ":");
  return new RegExp(`^(?:[0-9A-F]{2}${escapedDelim}){5}[0-9A-F]{2}$|^(?:[0-9a-f]{2}${escapedDelim}){5}[0-9a-f]{2}$`);
};
var cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/;
var cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
var base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/;
var base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
var hostname = /^(?=.{1,253}\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?$/;
var domain = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;
var httpProtocol = /^https?$/;
var e164 = /^\+[1-9]\d{6,14}$/;
var creditCard = /^\d(?:[ -]?\d){11,18}$/;
var currencyCode = /^(?:AED|AFN|ALL|AMD|AOA|ARS|AUD|AWG|AZN|BAM|BBD|BDT|BHD|BIF|BMD|BND|BOB|BOV|BRL|BSD|BTN|BWP|BYN|BZD|CAD|CDF|CHE|CHF|CHW|CLF|CLP|CNY|COP|COU|CRC|CUP|CVE|CZK|DJF|DKK|DOP|DZD|EGP|ERN|ETB|EUR|FJD|FKP|GBP|GEL|GHS|GIP|GMD|GNF|GTQ|GYD|HKD|HNL|HTG|HUF|IDR|ILS|INR|IQD|IRR|ISK|JMD|JOD|JPY|KES|KGS|KHR|KMF|KPW|KRW|KWD|KYD|KZT|LAK|LBP|LKR|LRD|LSL|LYD|MAD|MDL|MGA|MKD|MMK|MNT|MOP|MRU|MUR|MVR|MWK|MXN|MXV|MYR|MZN|NAD|NGN|NIO|NOK|NPR|NZD|OMR|PAB|PEN|PGK|PHP|PKR|PLN|PYG|QAR|RON|RSD|RUB|RWF|SAR|SBD|SCR|SDG|SEK|SGD|SHP|SLE|SOS|SRD|SSP|STN|SVC|SYP|SZL|THB|TJS|TMT|TND|TOP|TRY|TTD|TWD|TZS|UAH|UGX|USD|USN|UYI|UYU|UYW|UZS|VED|VES|VND|VUV|WST|XAD|XAF|XAG|XAU|XBA|XBB|XBC|XBD|XCD|XCG|XDR|XOF|XPD|XPF|XPT|XSU|XTS|XUA|XXX|YER|ZAR|ZMW|ZWG)$/;
var iban = /^[A-Z]{2}(?!00|01|99)\d{2}[A-Z0-9]{11,30}$/;
var dateSource = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`;
function anchor(source) {
  return new RegExp(`^${source}$`);
}
var date = /* @__PURE__ */ anchor(dateSource);
function timeSource(args) {
  const hhmm = `(?:[01]\\d|2[0-3]):[0-5]\\d`;
  const regex = typeof args.precision === "number" ? args.precision === -1 ? `${hhmm}` : args.precision === 0 ? `${hhmm}:[0-5]\\d` : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}` : args.seconds ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?` : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
  return regex;
}
function time(args) {
  return new RegExp(`^${timeSource(args)}$`);
}
function datetime(args) {
  const opts = ["Z"];
  if (args.offset)
    opts.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
  const qualified = `${timeSource({ precision: args.precision, seconds: true })}(?:${opts.join("|")})`;
  const timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
  return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
var anyString = /^[\s\S]{0,}$/;
var string = (params) => {
  const regex = params ? `[\\s\\S]{${params?.minimum ?? 0},${params?.maximum ?? ""}}` : `[\\s\\S]*`;
  return new RegExp(`^${regex}$`);
};
var bigint = /^-?\d+n?$/;
var integer = /^-?\d+$/;
var number = /^-?\d+(?:\.\d+)?$/;
var boolean = /^(?:true|false)$/i;
var _null = /^null$/i;
var _undefined = /^undefined$/i;
var lowercase = /^[^A-Z]*$/;
var uppercase = /^[^a-z]*$/;
var hex = /^[0-9a-fA-F]*$/;
function fixedBase64(bodyLength, padding) {
  return new RegExp(`^[A-Za-z0-9+/]{${bodyLength}}${padding}$`);
}
function fixedBase64url(length) {
  return new RegExp(`^[A-Za-z0-9_-]{${length}}$`);
}
var md5_hex = /^[0-9a-fA-F]{32}$/;
var md5_base64 = /* @__PURE__ */ fixedBase64(22, "==");
var md5_base64url = /* @__PURE__ */ fixedBase64url(22);
var sha1_hex = /^[0-9a-fA-F]{40}$/;
var sha1_base64 = /* @__PURE__ */ fixedBase64(27, "=");
var sha1_base64url = /* @__PURE__ */ fixedBase64url(27);
var sha256_hex = /^[0-9a-fA-F]{64}$/;
var sha256_base64 = /* @__PURE__ */ fixedBase64(43, "=");
var sha256_base64url = /* @__PURE__ */ fixedBase64url(43);
var sha384_hex = /^[0-9a-fA-F]{96}$/;
var sha384_base64 = /* @__PURE__ */ fixedBase64(64, "");
var sha384_base64url = /* @__PURE__ */ fixedBase64url(64);
var sha512_hex = /^[0-9a-fA-F]{128}$/;
var sha512_base64 = /* @__PURE__ */ fixedBase64(86, "==");
var sha512_base64url = /* @__PURE__ */ fixedBase64url(86);

// node_modules/zod/v4/core/checks.js
var $ZodCheck = /* @__PURE__ */ $constructor("$ZodCheck", (inst, def) => {
  var _a3;
  inst._zod ?? (inst._zod = {});
  inst._zod.def = def;
  (_a3 = inst._zod).onattach ?? (_a3.onattach = []);
});
var _whenHasSize = (payload) => {
  const val = payload.value;
  return !nullish(val) && val.size !== void 0;
};
var _whenHasLength = (payload) => {
  const val = payload.value;
  return !nullish(val) && val.length !== void 0;
};
var numericOriginMap = {
  number: "number",
  bigint: "bigint",
  object: "date"
};
var $ZodCheckLessThan = /* @__PURE__ */ $constructor("$ZodCheckLessThan", (inst, def) => {
  $ZodCheck.init(inst, def);
  const origin = numericOriginMap[typeof def.value];
  inst._zod.check = (payload) => {
    if (def.inclusive ? payload.value <= def.value : payload.value < def.value) {
      return;
    }
    payload.issues.push({
      origin: numericOriginMap[typeof payload.value] ?? origin,
      code: "too_big",
      maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
      input: payload.value,
      inclusive: def.inclusive,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckGreaterThan = /* @__PURE__ */ $constructor("$ZodCheckGreaterThan", (inst, def) => {
  $ZodCheck.init(inst, def);
  const origin = numericOriginMap[typeof def.value];
  inst._zod.check = (payload) => {
    if (def.inclusive ? payload.value >= def.value : payload.value > def.value) {
      return;
    }
    payload.issues.push({
      origin: numericOriginMap[typeof payload.value] ?? origin,
      code: "too_small",
      minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
      input: payload.value,
      inclusive: def.inclusive,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckMultipleOf = /* @__PURE__ */ $constructor("$ZodCheckMultipleOf", (inst, def) => {
  $ZodCheck.init(inst, def);
  inst._zod.check = (payload) => {
    if (typeof payload.value !== typeof def.value)
      throw new Error("Cannot mix number and bigint in multiple_of check.");
    const isMultiple = typeof payload.value === "bigint" ? (
      // `value % 0n` throws, and nothing is a multiple of zero — the number branch already fails this way via NaN
      def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
    ) : floatSafeRemainder(payload.value, def.value) === 0;
    if (isMultiple)
      return;
    payload.issues.push({
      origin: typeof payload.value,
      code: "not_multiple_of",
      divisor: def.value,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckNumberFormat = /* @__PURE__ */ $constructor("$ZodCheckNumberFormat", (inst, def) => {
  $ZodCheck.init(inst, def);
  def.format = def.format || "float64";
  const isInt = def.format?.includes("int");
  const origin = isInt ? "int" : "number";
  const [minimum, maximum] = NUMBER_FORMAT_RANGES[def.format];
  inst._zod.check = (payload) => {
    const input2 = payload.value;
    if (isInt) {
      if (!Number.isInteger(input2)) {
        payload.issues.push({
          expected: origin,
          format: def.format,
          code: "invalid_type",
          continue: false,
          input: input2,
          inst
        });
        return;
      }
      if (!Number.isSafeInteger(input2)) {
        if (input2 > 0) {
          payload.issues.push({
            input: input2,
            code: "too_big",
            maximum: Number.MAX_SAFE_INTEGER,
            note: "Integers must be within the safe integer range.",
            inst,
            origin,
            inclusive: true,
            continue: !def.abort
          });
        } else {
          payload.issues.push({
            input: input2,
            code: "too_small",
            minimum: Number.MIN_SAFE_INTEGER,
            note: "Integers must be within the safe integer range.",
            inst,
            origin,
            inclusive: true,
            continue: !def.abort
          });
        }
        return;
      }
    }
    if (input2 < minimum) {
      payload.issues.push({
        origin: "number",
        input: input2,
        code: "too_small",
        minimum,
        inclusive: true,
        inst,
        continue: !def.abort
      });
    }
    if (input2 > maximum) {
      payload.issues.push({
        origin: "number",
        input: input2,
        code: "too_big",
        maximum,
        inclusive: true,
        inst,
        continue: !def.abort
      });
    }
  };
});
var $ZodCheckBigIntFormat = /* @__PURE__ */ $constructor("$ZodCheckBigIntFormat", (inst, def) => {
  $ZodCheck.init(inst, def);
  const [minimum, maximum] = BIGINT_FORMAT_RANGES[def.format];
  inst._zod.check = (payload) => {
    const input2 = payload.value;
    if (input2 < minimum) {
      payload.issues.push({
        origin: "bigint",
        input: input2,
        code: "too_small",
        minimum,
        inclusive: true,
        inst,
        continue: !def.abort
      });
    }
    if (input2 > maximum) {
      payload.issues.push({
        origin: "bigint",
        input: input2,
        code: "too_big",
        maximum,
        inclusive: true,
        inst,
        continue: !def.abort
      });
    }
  };
});
var $ZodCheckMaxSize = /* @__PURE__ */ $constructor("$ZodCheckMaxSize", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasSize);
  inst._zod.check = (payload) => {
    const input2 = payload.value;
    const size = input2.size;
    if (size <= def.maximum)
      return;
    payload.issues.push({
      origin: getSizableOrigin(input2),
      code: "too_big",
      maximum: def.maximum,
      inclusive: true,
      input: input2,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckMinSize = /* @__PURE__ */ $constructor("$ZodCheckMinSize", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasSize);
  inst._zod.check = (payload) => {
    const input2 = payload.value;
    const size = input2.size;
    if (size >= def.minimum)
      return;
    payload.issues.push({
      origin: getSizableOrigin(input2),
      code: "too_small",
      minimum: def.minimum,
      inclusive: true,
      input: input2,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckSizeEquals = /* @__PURE__ */ $constructor("$ZodCheckSizeEquals", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasSize);
  inst._zod.check = (payload) => {
    const input2 = payload.value;
    const size = input2.size;
    if (size === def.size)
      return;
    const tooBig = size > def.size;
    payload.issues.push({
      origin: getSizableOrigin(input2),
      ...tooBig ? { code: "too_big", maximum: def.size } : { code: "too_small", minimum: def.size },
      inclusive: true,
      exact: true,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckMaxLength = /* @__PURE__ */ $constructor("$ZodCheckMaxLength", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength);
  inst._zod.check = (payload) => {
    const input2 = payload.value;
    const units = input2.length;
    const length = typeof input2 === "string" && units > def.maximum ? codePointLength(input2) : units;
    if (length <= def.maximum)
      return;
    const origin = getLengthableOrigin(input2);
    payload.issues.push({
      origin,
      code: "too_big",
      maximum: def.maximum,
      inclusive: true,
      input: input2,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckMinLength = /* @__PURE__ */ $constructor("$ZodCheckMinLength", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength);
  inst._zod.check = (payload) => {
    const input2 = payload.value;
    const units = input2.length;
    const length = typeof input2 === "string" && units >= def.minimum && units < def.minimum * 2 ? codePointLength(input2) : units;
    if (length >= def.minimum)
      return;
    const origin = getLengthableOrigin(input2);
    payload.issues.push({
      origin,
      code: "too_small",
      minimum: def.minimum,
      inclusive: true,
      input: input2,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckLengthEquals = /* @__PURE__ */ $constructor("$ZodCheckLengthEquals", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength);
  inst._zod.check = (payload) => {
    const input2 = payload.value;
    const units = input2.length;
    const length = typeof input2 === "string" && units >= def.length && units <= def.length * 2 ? codePointLength(input2) : units;
    if (length === def.length)
      return;
    const origin = getLengthableOrigin(input2);
    const tooBig = length > def.length;
    payload.issues.push({
      origin,
      ...tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length },
      inclusive: true,
      exact: true,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckStringFormat = /* @__PURE__ */ $constructor("$ZodCheckStringFormat", (inst, def) => {
  var _a3, _b;
  $ZodCheck.init(inst, def);
  if (def.pattern)
    (_a3 = inst._zod).check ?? (_a3.check = (payload) => {
      def.pattern.lastIndex = 0;
      if (def.pattern.test(payload.value))
        return;
      payload.issues.push({
        origin: "string",
        code: "invalid_format",
        format: def.format,
        input: payload.value,
        ...def.pattern ? { pattern: def.pattern.toString() } : {},
        inst,
        continue: !def.abort
      });
    });
  else
    (_b = inst._zod).check ?? (_b.check = () => {
    });
});
var $ZodCheckRegex = /* @__PURE__ */ $constructor("$ZodCheckRegex", (inst, def) => {
  $ZodCheckStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    def.pattern.lastIndex = 0;
    if (def.pattern.test(payload.value))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "regex",
      input: payload.value,
      pattern: def.pattern.toString(),
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckLowerCase = /* @__PURE__ */ $constructor("$ZodCheckLowerCase", (inst, def) => {
  def.pattern ?? (def.pattern = lowercase);
  $ZodCheckStringFormat.init(inst, def);
});
var $ZodCheckUpperCase = /* @__PURE__ */ $constructor("$ZodCheckUpperCase", (inst, def) => {
  def.pattern ?? (def.pattern = uppercase);
  $ZodCheckStringFormat.init(inst, def);
});
var $ZodCheckIncludes = /* @__PURE__ */ $constructor("$ZodCheckIncludes", (inst, def) => {
  $ZodCheck.init(inst, def);
  const escapedRegex = escapeRegex(def.includes);
  const pattern = new RegExp(typeof def.position === "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
  def.pattern = pattern;
  inst._zod.check = (payload) => {
    if (payload.value.includes(def.includes, def.position))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "includes",
      includes: def.includes,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckStartsWith = /* @__PURE__ */ $constructor("$ZodCheckStartsWith", (inst, def) => {
  $ZodCheck.init(inst, def);
  const pattern = new RegExp(`^${escapeRegex(def.prefix)}.*`);
  def.pattern ?? (def.pattern = pattern);
  inst._zod.check = (payload) => {
    if (payload.value.startsWith(def.prefix))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "starts_with",
      prefix: def.prefix,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckEndsWith = /* @__PURE__ */ $constructor("$ZodCheckEndsWith", (inst, def) => {
  $ZodCheck.init(inst, def);
  const pattern = new RegExp(`.*${escapeRegex(def.suffix)}$`);
  def.pattern ?? (def.pattern = pattern);
  inst._zod.check = (payload) => {
    if (payload.value.endsWith(def.suffix))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "ends_with",
      suffix: def.suffix,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
function handleCheckPropertyResult(result, payload, property) {
  if (result.issues.length) {
    payload.issues.push(...prefixIssues(property, result.issues));
  }
}
var $ZodCheckProperty = /* @__PURE__ */ $constructor("$ZodCheckProperty", (inst, def) => {
  $ZodCheck.init(inst, def);
  inst._zod.check = (payload) => {
    const result = def.schema._zod.run({
      value: payload.value[def.property],
      issues: []
    }, {});
    if (result instanceof Promise) {
      return result.then((result2) => handleCheckPropertyResult(result2, payload, def.property));
    }
    handleCheckPropertyResult(result, payload, def.property);
    return;
  };
});
var $ZodCheckProperties = /* @__PURE__ */ $constructor("$ZodCheckProperties", (inst, def) => {
  $ZodCheck.init(inst, def);
  hide(inst, Symbol.iterator, function* () {
    yield inst;
  });
  let entries;
  inst._zod.check = (payload) => {
    if (payload.value == null) {
      payload.issues.push({ expected: "object", code: "invalid_type", input: payload.value, inst });
      return void 0;
    }
    entries ?? (entries = Reflect.ownKeys(def.shape).map((key) => [key, def.shape[key]]));
    const input2 = payload.value;
    let proms;
    for (const [key, schema] of entries) {
      const result = schema._zod.run({ value: input2[key], issues: [] }, {});
      if (result instanceof Promise) {
        proms ?? (proms = []);
        proms.push(result.then((result2) => handleCheckPropertyResult(result2, payload, key)));
      } else {
        handleCheckPropertyResult(result, payload, key);
      }
    }
    if (proms)
      return Promise.all(proms).then(() => void 0);
    return void 0;
  };
});
var $ZodCheckMimeType = /* @__PURE__ */ $constructor("$ZodCheckMimeType", (inst, def) => {
  $ZodCheck.init(inst, def);
  const mimeSet = new Set(def.mime);
  inst._zod.check = (payload) => {
    if (mimeSet.has(payload.value.type))
      return;
    payload.issues.push({
      code: "invalid_value",
      values: def.mime,
      input: payload.value.type,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckOverwrite = /* @__PURE__ */ $constructor("$ZodCheckOverwrite", (inst, def) => {
  $ZodCheck.init(inst, def);
  inst._zod.check = (payload) => {
    payload.value = def.tx(payload.value);
  };
});

// node_modules/zod/v4/core/doc.js
var Doc = class {
  constructor(args = [], closed = {}) {
    this.content = [];
    this.indent = 0;
    this.args = args;
    this.closed = closed;
  }
  // the compiler catches a child's throw and keeps writing into this doc, so the indent has to unwind with it
  indented(fn) {
    this.indent += 1;
    try {
      fn(this);
    } finally {
      this.indent -= 1;
    }
  }
  write(arg) {
    if (typeof arg === "function") {
      arg(this, { execution: "sync" });
      arg(this, { execution: "async" });
      return;
    }
    const content = arg;
    const lines = content.split("\n").filter((x) => x);
    const minIndent = Math.min(...lines.map((x) => x.length - x.trimStart().length));
    const dedented = lines.map((x) => x.slice(minIndent)).map((x) => " ".repeat(this.indent * 2) + x);
    for (const line of dedented) {
      this.content.push(line);
    }
  }
  compile() {
    const F = Function;
    const content = this?.content ?? [``];
    const factory = new F(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {
${content.join("\n")}
};`);
    return factory(...Object.values(this.closed));
  }
};

// node_modules/zod/v4/core/versions.js
var version = {
  major: 4,
  minor: 6,
  patch: 7
};

// node_modules/zod/v4/core/schemas.js
var $ZodType = /* @__PURE__ */ $constructor("$ZodType", (inst, def) => {
  var _a3;
  inst ?? (inst = {});
  inst._zod.def = def;
  inst._zod.bag = inst._zod.bag || {};
  inst._zod.version = version;
  const defChecks = inst._zod.def.checks;
  const checks = inst._zod.traits.has("$ZodCheck") ? [inst, ...defChecks ?? []] : defChecks?.length ? [...defChecks] : [];
  for (const ch of checks) {
    for (const fn of ch._zod.onattach) {
      fn(inst);
    }
  }
  if (checks.length === 0) {
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []);
    inst._zod.deferred?.push(() => {
      inst._zod.run = inst._zod.parse;
    });
  } else {
    const runChecks = (payload, checks2, ctx) => {
      if (payload.memo)
        return payload;
      let isAborted = aborted(payload);
      let asyncResult;
      for (const ch of checks2) {
        if (ch._zod.def.when) {
          if (explicitlyAborted(payload))
            continue;
          const shouldRun = ch._zod.def.when(payload);
          if (!shouldRun)
            continue;
        } else if (isAborted) {
          continue;
        }
        const currLen = payload.issues.length;
        const _ = ch._zod.check(payload);
        if (_ instanceof Promise && ctx?.async === false) {
          throw new $ZodAsyncError();
        }
        if (asyncResult || _ instanceof Promise) {
          asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
            await _;
            const nextLen = payload.issues.length;
            if (nextLen === currLen)
              return;
            attachSchema(payload.issues, currLen, inst);
            if (!isAborted)
              isAborted = aborted(payload, currLen);
          });
        } else {
          const nextLen = payload.issues.length;
          if (nextLen === currLen)
            continue;
          attachSchema(payload.issues, currLen, inst);
          if (!isAborted)
            isAborted = aborted(payload, currLen);
        }
      }
      if (asyncResult) {
        return asyncResult.then(() => {
          return payload;
        });
      }
      return payload;
    };
    const handleCanaryResult = (canary, payload, ctx) => {
      if (aborted(canary)) {
        canary.aborted = true;
        return canary;
      }
      const checkResult = runChecks(payload, checks, ctx);
      if (checkResult instanceof Promise) {
        if (ctx.async === false)
          throw new $ZodAsyncError();
        return checkResult.then((checkResult2) => inst._zod.parse(checkResult2, ctx));
      }
      return inst._zod.parse(checkResult, ctx);
    };
    inst._zod.run = (payload, ctx) => {
      if (ctx.skipChecks) {
        return inst._zod.parse(payload, ctx);
      }
      if (ctx.direction === "backward") {
        const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: true });
        if (canary instanceof Promise) {
          return canary.then((canary2) => {
            return handleCanaryResult(canary2, payload, ctx);
          });
        }
        return handleCanaryResult(canary, payload, ctx);
      }
      const result = inst._zod.parse(payload, ctx);
      if (result instanceof Promise) {
        if (ctx.async === false)
          throw new $ZodAsyncError();
        return result.then((result2) => runChecks(result2, checks, ctx));
      }
      return runChecks(result, checks, ctx);
    };
  }
}, {
  // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
  get "~standard"() {
    return hide(this, "~standard", standardProps(this));
  },
  set "~standard"(value) {
    own(this, "~standard", value);
  }
});
var toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => finalizeIssue(iss, ctx, config())) } : { value: r.value };
async function validateAsync2(inst, value) {
  const ctx = { async: true };
  return toStandardResult(await inst._zod.run({ value, issues: [] }, ctx), ctx);
}
function standardProps(inst) {
  return {
    validate: (value) => {
      const ctx = { async: false };
      try {
        const r = inst._zod.run({ value, issues: [] }, ctx);
        if (!(r instanceof Promise))
          return toStandardResult(r, ctx);
      } catch (_) {
      }
      return validateAsync2(inst, value);
    },
    vendor: "zod",
    version: 1
  };
}
var $ZodString = /* @__PURE__ */ $constructor("$ZodString", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = def.pattern ?? anyString;
  inst._zod.parse = (payload, _) => {
    if (def.coerce)
      try {
        payload.value = String(payload.value);
      } catch (_2) {
      }
    if (typeof payload.value === "string")
      return payload;
    payload.issues.push({
      expected: "string",
      code: "invalid_type",
      input: payload.value,
      inst
    });
    return payload;
  };
});
var $ZodStringFormat = /* @__PURE__ */ $constructor("$ZodStringFormat", (inst, def) => {
  $ZodCheckStringFormat.init(inst, def);
  $ZodString.init(inst, def);
});
var $ZodGUID = /* @__PURE__ */ $constructor("$ZodGUID", (inst, def) => {
  def.pattern ?? (def.pattern = guid);
  $ZodStringFormat.init(inst, def);
});
var $ZodUUID = /* @__PURE__ */ $constructor("$ZodUUID", (inst, def) => {
  if (def.version) {
    const versionMap = {
      v1: 1,
      v2: 2,
      v3: 3,
      v4: 4,
      v5: 5,
      v6: 6,
      v7: 7,
      v8: 8
    };
    const v = versionMap[def.version];
    if (v === void 0)
      throw new Error(`Invalid UUID version: "${def.version}"`);
    def.pattern ?? (def.pattern = uuid(v));
  } else
    def.pattern ?? (def.pattern = uuid());
  $ZodStringFormat.init(inst, def);
});
var $ZodEmail = /* @__PURE__ */ $constructor("$ZodEmail", (inst, def) => {
  def.pattern ?? (def.pattern = email);
  $ZodStringFormat.init(inst, def);
});
var URL_BAD_FORMAT = 1;
var URL_UNPARSEABLE = 2;
function canParseURL(input2) {
  try {
    if (typeof URL !== "undefined" && typeof URL.canParse === "function")
      return URL.canParse(input2);
    new URL(input2);
    return true;
  } catch {
    return false;
  }
}
function validateURL(trimmed, def) {
  if (!("normalize" in def) && !("hostname" in def) && !("protocol" in def)) {
    return canParseURL(trimmed) || URL_UNPARSEABLE;
  }
  return parseURLObject(trimmed, def);
}
function parseURLObject(trimmed, def) {
  if (!def.normalize && def.protocol?.source === httpProtocol.source && !/^https?:\/\//i.test(trimmed)) {
    return URL_BAD_FORMAT;
  }
  try {
    if (typeof URL !== "undefined") {
      const URLStatic = URL;
      if (typeof URLStatic.parse === "function")
        return URLStatic.parse(trimmed) ?? URL_UNPARSEABLE;
    }
    return new URL(trimmed);
  } catch {
    return URL_UNPARSEABLE;
  }
}
var asciiTabOrNewline = /[\t\n\r]/g;
function stripTabAndNewline(value) {
  return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url2, hostname3) {
  hostname3.lastIndex = 0;
  return hostname3.test(url2.hostname);
}
function urlProtocolOk(url2, protocol) {
  protocol.lastIndex = 0;
  return protocol.test(url2.protocol.endsWith(":") ? url2.protocol.slice(0, -1) : url2.protocol);
}
var $ZodURL = /* @__PURE__ */ $constructor("$ZodURL", (inst, def) => {
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    try {
      const trimmed = payload.value.trim();
      const url2 = validateURL(trimmed, def);
      if (url2 === URL_BAD_FORMAT) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          note: "Invalid URL format",
          input: payload.value,
          inst,
          continue: !def.abort
        });
        return;
      }
      if (url2 === URL_UNPARSEABLE) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          input: payload.value,
          inst,
          continue: !def.abort
        });
        return;
      }
      if (url2 === true) {
        payload.value = stripTabAndNewline(trimmed);
        return;
      }
      if (def.hostname && !urlHostnameOk(url2, def.hostname)) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          note: "Invalid hostname",
          pattern: def.hostname.source,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      }
      if (def.protocol && !urlProtocolOk(url2, def.protocol)) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          note: "Invalid protocol",
          pattern: def.protocol.source,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      }
      payload.value = def.normalize ? url2.href : stripTabAndNewline(trimmed);
      return;
    } catch (_) {
      payload.issues.push({
        code: "invalid_format",
        format: "url",
        input: payload.value,
        inst,
        continue: !def.abort
      });
    }
  };
});
var $ZodEmoji = /* @__PURE__ */ $constructor("$ZodEmoji", (inst, def) => {
  def.pattern ?? (def.pattern = emoji());
  $ZodStringFormat.init(inst, def);
});
var $ZodNanoID = /* @__PURE__ */ $constructor("$ZodNanoID", (inst, def) => {
  if (def.length !== void 0 && (!Number.isInteger(def.length) || def.length < 1))
    throw new Error(`Invalid nanoid length: ${def.length}`);
  def.pattern ?? (def.pattern = def.length === void 0 ? nanoid : nanoidOfLength(def.length));
  $ZodStringFormat.init(inst, def);
});
var $ZodCUID = /* @__PURE__ */ $constructor("$ZodCUID", (inst, def) => {
  def.pattern ?? (def.pattern = cuid);
  $ZodStringFormat.init(inst, def);
});
var $ZodCUID2 = /* @__PURE__ */ $constructor("$ZodCUID2", (inst, def) => {
  def.pattern ?? (def.pattern = cuid2);
  $ZodStringFormat.init(inst, def);
});
var $ZodULID = /* @__PURE__ */ $constructor("$ZodULID", (inst, def) => {
  def.pattern ?? (def.pattern = ulid);
  $ZodStringFormat.init(inst, def);
});
var $ZodXID = /* @__PURE__ */ $constructor("$ZodXID", (inst, def) => {
  def.pattern ?? (def.pattern = xid);
  $ZodStringFormat.init(inst, def);
});
var $ZodKSUID = /* @__PURE__ */ $constructor("$ZodKSUID", (inst, def) => {
  def.pattern ?? (def.pattern = ksuid);
  $ZodStringFormat.init(inst, def);
});
var $ZodISODateTime = /* @__PURE__ */ $constructor("$ZodISODateTime", (inst, def) => {
  def.pattern ?? (def.pattern = datetime(def));
  $ZodStringFormat.init(inst, def);
});
var $ZodISODate = /* @__PURE__ */ $constructor("$ZodISODate", (inst, def) => {
  def.pattern ?? (def.pattern = date);
  $ZodStringFormat.init(inst, def);
});
var $ZodISOTime = /* @__PURE__ */ $constructor("$ZodISOTime", (inst, def) => {
  def.pattern ?? (def.pattern = time(def));
  $ZodStringFormat.init(inst, def);
});
var $ZodISODuration = /* @__PURE__ */ $constructor("$ZodISODuration", (inst, def) => {
  def.pattern ?? (def.pattern = duration);
  $ZodStringFormat.init(inst, def);
});
var $ZodIPv4 = /* @__PURE__ */ $constructor("$ZodIPv4", (inst, def) => {
  def.pattern ?? (def.pattern = ipv4);
  $ZodStringFormat.init(inst, def);
});
var ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
  if (!ipv6Alphabet.test(value))
    return false;
  return canParseURL(`http://[${value}]`);
}
var $ZodIPv6 = /* @__PURE__ */ $constructor("$ZodIPv6", (inst, def) => {
  def.pattern ?? (def.pattern = ipv6);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (!isValidIPv6(payload.value)) {
      payload.issues.push({
        code: "invalid_format",
        format: "ipv6",
        input: payload.value,
        inst,
        continue: !def.abort
      });
    }
  };
});
var $ZodMAC = /* @__PURE__ */ $constructor("$ZodMAC", (inst, def) => {
  def.pattern ?? (def.pattern = mac(def.delimiter));
  $ZodStringFormat.init(inst, def);
});
var $ZodCIDRv4 = /* @__PURE__ */ $constructor("$ZodCIDRv4", (inst, def) => {
  def.pattern ?? (def.pattern = cidrv4);
  $ZodStringFormat.init(inst, def);
});
function isValidCIDRv6(value) {
  const parts = value.split("/");
  if (parts.length !== 2)
    return false;
  const [address, prefix] = parts;
  if (!prefix)
    return false;
  const prefixNum = Number(prefix);
  if (`${prefixNum}` !== prefix)
    return false;
  if (prefixNum < 0 || prefixNum > 128)
    return false;
  return isValidIPv6(address);
}
var $ZodCIDRv6 = /* @__PURE__ */ $constructor("$ZodCIDRv6", (inst, def) => {
  def.pattern ?? (def.pattern = cidrv6);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (!isValidCIDRv6(payload.value)) {
      payload.issues.push({
        code: "invalid_format",
        format: "cidrv6",
        input: payload.value,
        inst,
        continue: !def.abort
      });
    }
  };
});
function isValidBase64(data) {
  if (data === "")
    return true;
  if (/\s/.test(data))
    return false;
  if (data.length % 4 !== 0)
    return false;
  try {
    atob(data);
    return true;
  } catch {
    return false;
  }
}
var base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/;
var $ZodBase64 = /* @__PURE__ */ $constructor("$ZodBase64", (inst, def) => {
  def.pattern ?? (def.pattern = base64Charset);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidBase64(payload.value))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "base64",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
  if (!base64urlCharset.test(data))
    return false;
  const base643 = data.replace(/[-_]/g, (c) => c === "-" ? "+" : "/");
  const padded = base643.padEnd(Math.ceil(base643.length / 4) * 4, "=");
  return isValidBase64(padded);
}
var $ZodBase64URL = /* @__PURE__ */ $constructor("$ZodBase64URL", (inst, def) => {
  def.pattern ?? (def.pattern = base64urlCharset);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidBase64URL(payload.value))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "base64url",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodE164 = /* @__PURE__ */ $constructor("$ZodE164", (inst, def) => {
  def.pattern ?? (def.pattern = e164);
  $ZodStringFormat.init(inst, def);
});
var CC_SANITIZE = /[- ]/g;
function isLuhnAlgo(digits) {
  let length = digits.length;
  let bit = 1;
  let sum = 0;
  while (length) {
    const value = digits.charCodeAt(--length) - 48;
    bit ^= 1;
    sum += bit ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][value] : value;
  }
  return sum % 10 === 0;
}
function isValidCreditCard(input2) {
  if (!creditCard.test(input2))
    return false;
  return isLuhnAlgo(input2.replace(CC_SANITIZE, ""));
}
var $ZodCreditCard = /* @__PURE__ */ $constructor("$ZodCreditCard", (inst, def) => {
  def.pattern ?? (def.pattern = creditCard);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidCreditCard(payload.value))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "credit_card",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
function isIso7064Mod97(iban3) {
  let remainder = 0;
  const len = iban3.length;
  for (let i = 4; i < len; i++) {
    const code = iban3.charCodeAt(i);
    remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
  }
  for (let i = 0; i < 4; i++) {
    const code = iban3.charCodeAt(i);
    remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
  }
  return remainder === 1;
}
function isValidIBAN(input2) {
  if (!iban.test(input2))
    return false;
  return isIso7064Mod97(input2);
}
var $ZodIBAN = /* @__PURE__ */ $constructor("$ZodIBAN", (inst, def) => {
  def.pattern ?? (def.pattern = iban);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidIBAN(payload.value))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "iban",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
function isValidJWT(token, algorithm = null) {
  try {
    const tokensParts = token.split(".");
    if (tokensParts.length !== 3)
      return false;
    const [header] = tokensParts;
    if (!header)
      return false;
    const parsedHeader = JSON.parse(atob(header));
    if ("typ" in parsedHeader && parsedHeader?.typ !== "JWT")
      return false;
    if (!parsedHeader.alg)
      return false;
    if (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm))
      return false;
    return true;
  } catch {
    return false;
  }
}
var $ZodJWT = /* @__PURE__ */ $constructor("$ZodJWT", (inst, def) => {
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidJWT(payload.value, def.alg))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "jwt",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCustomStringFormat = /* @__PURE__ */ $constructor("$ZodCustomStringFormat", (inst, def) => {
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (def.fn(payload.value))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: def.format,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodNumber = /* @__PURE__ */ $constructor("$ZodNumber", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = number;
  inst._zod.parse = (payload, _ctx) => {
    if (def.coerce)
      try {
        payload.value = Number(payload.value);
      } catch (_) {
      }
    const input2 = payload.value;
    if (typeof input2 === "number" && !Number.isNaN(input2) && Number.isFinite(input2)) {
      return payload;
    }
    const received = typeof input2 === "number" ? Number.isNaN(input2) ? "NaN" : !Number.isFinite(input2) ? String(input2) : void 0 : void 0;
    payload.issues.push({
      expected: "number",
      code: "invalid_type",
      input: input2,
      inst,
      ...received ? { received } : {}
    });
    return payload;
  };
});
var $ZodNumberFormat = /* @__PURE__ */ $constructor("$ZodNumberFormat", (inst, def) => {
  $ZodCheckNumberFormat.init(inst, def);
  $ZodNumber.init(inst, def);
});
var $ZodBoolean = /* @__PURE__ */ $constructor("$ZodBoolean", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = boolean;
  inst._zod.parse = (payload, _ctx) => {
    if (def.coerce)
      try {
        payload.value = Boolean(payload.value);
      } catch (_) {
      }
    const input2 = payload.value;
    if (typeof input2 === "boolean")
      return payload;
    payload.issues.push({
      expected: "boolean",
      code: "invalid_type",
      input: input2,
      inst
    });
    return payload;
  };
});
var $ZodBigInt = /* @__PURE__ */ $constructor("$ZodBigInt", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = bigint;
  inst._zod.parse = (payload, _ctx) => {
    if (def.coerce)
      try {
        payload.value = BigInt(payload.value);
      } catch (_) {
      }
    if (typeof payload.value === "bigint")
      return payload;
    payload.issues.push({
      expected: "bigint",
      code: "invalid_type",
      input: payload.value,
      inst
    });
    return payload;
  };
});
var $ZodBigIntFormat = /* @__PURE__ */ $constructor("$ZodBigIntFormat", (inst, def) => {
  $ZodCheckBigIntFormat.init(inst, def);
  $ZodBigInt.init(inst, def);
});
var $ZodSymbol = /* @__PURE__ */ $constructor("$ZodSymbol", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, _ctx) => {
    const input2 = payload.value;
    if (typeof input2 === "symbol")
      return payload;
    payload.issues.push({
      expected: "symbol",
      code: "invalid_type",
      input: input2,
      inst
    });
    return payload;
  };
});
var $ZodUndefined = /* @__PURE__ */ $constructor("$ZodUndefined", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = _undefined;
  inst._zod.values = /* @__PURE__ */ new Set([void 0]);
  inst._zod.parse = (payload, _ctx) => {
    const input2 = payload.value;
    if (typeof input2 === "undefined")
      return payload;
    payload.issues.push({
      expected: "undefined",
      code: "invalid_type",
      input: input2,
      inst
    });
    return payload;
  };
});
var $ZodNull = /* @__PURE__ */ $constructor("$ZodNull", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = _null;
  inst._zod.values = /* @__PURE__ */ new Set([null]);
  inst._zod.parse = (payload, _ctx) => {
    const input2 = payload.value;
    if (input2 === null)
      return payload;
    payload.issues.push({
      expected: "null",
      code: "invalid_type",
      input: input2,
      inst
    });
    return payload;
  };
});
var $ZodAny = /* @__PURE__ */ $constructor("$ZodAny", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload) => payload;
});
var $ZodUnknown = /* @__PURE__ */ $constructor("$ZodUnknown", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload) => payload;
});
var $ZodNever = /* @__PURE__ */ $constructor("$ZodNever", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, _ctx) => {
    payload.issues.push({
      expected: "never",
      code: "invalid_type",
      input: payload.value,
      inst
    });
    return payload;
  };
});
var $ZodVoid = /* @__PURE__ */ $constructor("$ZodVoid", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, _ctx) => {
    const input2 = payload.value;
    if (typeof input2 === "undefined")
      return payload;
    payload.issues.push({
      expected: "void",
      code: "invalid_type",
      input: input2,
      inst
    });
    return payload;
  };
});
var $ZodDate = /* @__PURE__ */ $constructor("$ZodDate", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, _ctx) => {
    if (def.coerce) {
      try {
        payload.value = new Date(payload.value);
      } catch (_err) {
      }
    }
    const input2 = payload.value;
    const isDate = input2 instanceof Date;
    const isValidDate = isDate && !Number.isNaN(input2.getTime());
    if (isValidDate)
      return payload;
    payload.issues.push({
      expected: "date",
      code: "invalid_type",
      input: input2,
      ...isDate ? { received: "Invalid Date" } : {},
      inst
    });
    return payload;
  };
});
function capSize(inst, size) {
  const caps = sizeCaps(inst._zod.def.checks);
  if (!caps.length)
    return;
  const cap = Math.min(...caps.map((c) => c[0]));
  const parse4 = inst._zod.parse;
  inst._zod.parse = (payload, ctx) => {
    const n = size(payload.value);
    if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
      for (const [max, ch] of sizeCaps(inst._zod.def.checks)) {
        if (n > max && ch._zod.def.when(payload)) {
          const start2 = payload.issues.length;
          ch._zod.check(payload);
          payload.issues[start2].continue = false;
          attachSchema(payload.issues, start2, inst);
          return payload;
        }
      }
    }
    return parse4(payload, ctx);
  };
}
var arraySize = (input2) => Array.isArray(input2) ? input2.length : -1;
var mapSize = (input2) => input2 instanceof Map ? input2.size : -1;
var setSize = (input2) => input2 instanceof Set ? input2.size : -1;
function handleArrayResult(result, final, index) {
  if (result.issues.length) {
    final.issues.push(...prefixIssues(index, result.issues));
  }
  final.value[index] = result.value;
}
var $ZodArray = /* @__PURE__ */ $constructor("$ZodArray", (inst, def) => {
  $ZodType.init(inst, def);
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    const input2 = payload.value;
    if (!Array.isArray(input2)) {
      payload.issues.push({
        expected: "array",
        code: "invalid_type",
        input: input2,
        inst
      });
      return payload;
    }
    payload.value = memo2 ? memo2.alloc(inst, payload, Array(input2.length), ctx) : Array(input2.length);
    const proms = [];
    const abortEarly = ctx?.abortEarly;
    for (let i = 0; i < input2.length; i++) {
      const item = input2[i];
      const result = def.element._zod.run({
        value: item,
        issues: []
      }, ctx);
      if (result instanceof Promise) {
        proms.push(result.then((result2) => handleArrayResult(result2, payload, i)));
      } else {
        handleArrayResult(result, payload, i);
        if (abortEarly && result.issues.length !== 0 && aborted(result))
          break;
      }
    }
    if (proms.length) {
      return Promise.all(proms).then(() => payload);
    }
    return payload;
  };
  capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key, input2, optin, optout) {
  const isPresent = key in input2;
  const isOptionalOut = optout === "optional";
  if (!isPresent && isOptionalOut && optin === "optional") {
    return;
  }
  if (result.issues.length) {
    if (optin !== void 0 && isOptionalOut && !isPresent) {
      return;
    }
    final.issues.push(...prefixIssues(key, result.issues));
  }
  if (!isPresent && optin === void 0) {
    if (!result.issues.length) {
      final.issues.push({
        code: "invalid_type",
        expected: "nonoptional",
        input: void 0,
        path: [key]
      });
    }
    return;
  }
  if (result.value === void 0) {
    if (isPresent || optin === "defaulted" && !isOptionalOut) {
      final.value[key] = void 0;
    }
  } else {
    final.value[key] = result.value;
  }
}
var NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
  const keys = Object.keys(def.shape);
  const ownSymbols = Object.getOwnPropertySymbols(def.shape);
  const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
  const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
  for (const k of allKeys) {
    if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) {
      throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
    }
  }
  const okeys = optionalKeys(def.shape);
  return {
    ...def,
    allKeys,
    symbolKeys,
    // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
    keySet: new Set(keys),
    numKeys: keys.length,
    optionalKeys: new Set(okeys)
  };
}
function handleCatchall(proms, input2, payload, ctx, def, inst, abortEarly) {
  const unrecognized = [];
  const keySet = def.keySet;
  const _catchall = def.catchall._zod;
  const t = _catchall.def.type;
  const optin = _catchall.optin;
  const optout = _catchall.optout;
  let seen = 0;
  for (const key in input2) {
    if (abortEarly && payload.issues.length !== seen) {
      if (aborted(payload, seen))
        break;
      seen = payload.issues.length;
    }
    if (keySet.has(key))
      continue;
    if (key === "__proto__") {
      if (t === "never")
        unrecognized.push(key);
      continue;
    }
    if (t === "never") {
      unrecognized.push(key);
      continue;
    }
    const r = _catchall.run({ value: input2[key], issues: [] }, ctx);
    if (r instanceof Promise) {
      proms.push(r.then((r2) => handlePropertyResult(r2, payload, key, input2, optin, optout)));
    } else {
      handlePropertyResult(r, payload, key, input2, optin, optout);
    }
  }
  if (unrecognized.length) {
    payload.issues.push({
      code: "unrecognized_keys",
      keys: unrecognized,
      input: input2,
      inst,
      // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
      continue: true
    });
  }
  if (!proms.length)
    return payload;
  return Promise.all(proms).then(() => {
    return payload;
  });
}
var $ZodObject = /* @__PURE__ */ $constructor("$ZodObject", (inst, def) => {
  $ZodType.init(inst, def);
  const desc = Object.getOwnPropertyDescriptor(def, "shape");
  const sh = desc?.get ? desc.get.raw : def.shape ?? {};
  if (sh) {
    const get = () => {
      const newSh = { ...sh };
      Object.defineProperty(def, "shape", { value: newSh });
      get.raw = newSh;
      return newSh;
    };
    get.raw = sh;
    Object.defineProperty(def, "shape", { get });
  }
  const _normalized = cached(() => normalizeDef(def));
  defineLazyInternal(inst, "propValues", (zod) => {
    const shape = zod.def.shape;
    const propValues = {};
    for (const key in shape) {
      const field = shape[key]._zod;
      if (field.values) {
        if (!Object.prototype.hasOwnProperty.call(propValues, key)) {
          assignProp(propValues, key, /* @__PURE__ */ new Set());
        }
        for (const v of field.values)
          propValues[key].add(v);
        if (field.optin !== void 0)
          propValues[key].add(void 0);
      }
    }
    return propValues;
  });
  const isObject2 = isObject;
  const catchall = def.catchall;
  let value;
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    value ?? (value = _normalized.value);
    const input2 = payload.value;
    if (!isObject2(input2)) {
      payload.issues.push({
        expected: "object",
        code: "invalid_type",
        input: input2,
        inst
      });
      return payload;
    }
    payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
    const proms = [];
    const shape = value.shape;
    const abortEarly = ctx?.abortEarly;
    let seen = payload.issues.length;
    for (const key of value.allKeys) {
      if (abortEarly && payload.issues.length !== seen) {
        if (aborted(payload, seen))
          break;
        seen = payload.issues.length;
      }
      if (key === "__proto__")
        continue;
      const el = shape[key];
      const optin = el._zod.optin;
      const optout = el._zod.optout;
      const r = el._zod.run({ value: input2[key], issues: [] }, ctx);
      if (r instanceof Promise) {
        proms.push(r.then((r2) => handlePropertyResult(r2, payload, key, input2, optin, optout)));
      } else {
        handlePropertyResult(r, payload, key, input2, optin, optout);
      }
    }
    if (!catchall) {
      return proms.length ? Promise.all(proms).then(() => payload) : payload;
    }
    return handleCatchall(proms, input2, payload, ctx, _normalized.value, inst, abortEarly === true);
  };
});
var $ZodObjectJIT = /* @__PURE__ */ $constructor("$ZodObjectJIT", (inst, def) => {
  $ZodObject.init(inst, def);
  const superParse = inst._zod.parse;
  const _normalized = cached(() => normalizeDef(def));
  const memo2 = globalConfig.memoizer;
  const generateFastpass = (shape) => {
    const normalized = _normalized.value;
    const syms = normalized.symbolKeys;
    const doc = new Doc(["payload", "ctx"], { shape, inst, memo: memo2, syms });
    const parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`;
    const prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
    doc.write(`const input = payload.value;`);
    const ids2 = /* @__PURE__ */ Object.create(null);
    let counter = 0;
    for (const key of normalized.allKeys) {
      ids2[key] = `key_${counter++}`;
    }
    doc.write(memo2 ? `const newResult = memo.alloc(inst, payload, {}, ctx);` : `const newResult = {};`);
    for (const key of normalized.allKeys) {
      if (key === "__proto__")
        continue;
      const id = ids2[key];
      const k = typeof key === "symbol" ? `syms[${syms.indexOf(key)}]` : esc(key);
      const isPresent = `${k} in input`;
      const schema = shape[key];
      const optin = schema?._zod?.optin;
      const isOptionalIn = optin !== void 0;
      const isOptionalOut = schema?._zod?.optout === "optional";
      doc.write(`const ${id} = ${parseStr(k)};`);
      if (isOptionalIn && isOptionalOut) {
        const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
        doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
      } else if (!isOptionalIn) {
        doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
      } else {
        doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `);
        if (optin === "defaulted") {
          doc.write(`newResult[${k}] = ${id}.value;`);
        } else {
          doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `);
        }
      }
    }
    doc.write(`payload.value = newResult;`);
    doc.write(`return payload;`);
    return doc.compile();
  };
  let fastpass;
  const isObject2 = isObject;
  const jit = !globalConfig.jitless;
  const allowsEval2 = allowsEval;
  const fastEnabled = jit && allowsEval2.value;
  const catchall = def.catchall;
  let value;
  inst._zod.parse = (payload, ctx) => {
    value ?? (value = _normalized.value);
    const input2 = payload.value;
    if (!isObject2(input2)) {
      payload.issues.push({
        expected: "object",
        code: "invalid_type",
        input: input2,
        inst
      });
      return payload;
    }
    if (jit && fastEnabled && ctx?.async === false && ctx.jitless !== true) {
      if (!fastpass)
        fastpass = generateFastpass(def.shape);
      payload = fastpass(payload, ctx);
      if (!catchall)
        return payload;
      return handleCatchall([], input2, payload, ctx, value, inst, ctx?.abortEarly === true);
    }
    return superParse(payload, ctx);
  };
});
function handleUnionResults(results, final, inst, ctx) {
  for (const result of results) {
    if (result.issues.length === 0) {
      final.value = result.value;
      return final;
    }
  }
  const nonaborted = results.filter((r) => !aborted(r));
  if (nonaborted.length === 1) {
    final.value = nonaborted[0].value;
    return nonaborted[0];
  }
  final.issues.push({
    code: "invalid_union",
    input: final.value,
    inst,
    errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config())))
  });
  return final;
}
var $ZodUnion = /* @__PURE__ */ $constructor("$ZodUnion", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.options.some((o) => o._zod.optin === "defaulted") ? "defaulted" : zod.def.options.some((o) => o._zod.optin !== void 0) ? "optional" : void 0);
  defineLazyInternal(inst, "optout", (zod) => zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : void 0);
  defineLazyInternal(inst, "values", (zod) => {
    if (zod.def.options.every((o) => o._zod.values)) {
      return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
    }
    return void 0;
  });
  defineLazyInternal(inst, "pattern", (zod) => {
    if (zod.def.options.every((o) => o._zod.pattern)) {
      const patterns = zod.def.options.map((o) => o._zod.pattern);
      return new RegExp(`^(${patterns.map((p) => cleanRegex(p.source)).join("|")})$`);
    }
    return void 0;
  });
  const first = def.options.length === 1 ? def.options[0]._zod.run : null;
  inst._zod.parse = (payload, ctx) => {
    if (first) {
      return first(payload, ctx);
    }
    let async = false;
    const results = [];
    for (const option of def.options) {
      const result = option._zod.run({
        value: payload.value,
        issues: []
      }, ctx);
      if (result instanceof Promise) {
        results.push(result);
        async = true;
      } else {
        if (result.issues.length === 0)
          return result;
        results.push(result);
      }
    }
    if (!async)
      return handleUnionResults(results, payload, inst, ctx);
    return Promise.all(results).then((results2) => {
      return handleUnionResults(results2, payload, inst, ctx);
    });
  };
});
function handleExclusiveUnionResults(results, final, inst, ctx) {
  const matches = [];
  for (let i = 0; i < results.length; i++) {
    if (results[i].issues.length === 0)
      matches.push(i);
  }
  if (matches.length === 1) {
    final.value = results[matches[0]].value;
    return final;
  }
  if (matches.length === 0) {
    final.issues.push({
      code: "invalid_union",
      input: final.value,
      inst,
      errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config())))
    });
  } else {
    final.issues.push({
      code: "invalid_union",
      input: final.value,
      inst,
      errors: [],
      inclusive: false,
      matches
    });
  }
  return final;
}
var $ZodXor = /* @__PURE__ */ $constructor("$ZodXor", (inst, def) => {
  $ZodUnion.init(inst, def);
  def.inclusive = false;
  const first = def.options.length === 1 ? def.options[0]._zod.run : null;
  inst._zod.parse = (payload, ctx) => {
    if (first) {
      return first(payload, ctx);
    }
    let async = false;
    const results = [];
    for (const option of def.options) {
      const result = option._zod.run({
        value: payload.value,
        issues: []
      }, ctx);
      if (result instanceof Promise) {
        results.push(result);
        async = true;
      } else {
        results.push(result);
      }
    }
    if (!async)
      return handleExclusiveUnionResults(results, payload, inst, ctx);
    return Promise.all(results).then((results2) => {
      return handleExclusiveUnionResults(results2, payload, inst, ctx);
    });
  };
});
function getDiscriminatedOption(union3, value) {
  const internals = union3._zod;
  let map2 = internals.bag.optionsMap;
  if (!map2) {
    map2 = discriminatorMap(internals.def);
    internals.bag.optionsMap = map2;
  }
  const option = map2.get(value);
  if (option === null)
    throw new Error(`Ambiguous discriminator value "${String(value)}"`);
  return option;
}
function discriminatorMap(def) {
  const map2 = /* @__PURE__ */ new Map();
  for (const option of def.options) {
    const values = option._zod.propValues?.[def.discriminator];
    if (!values || values.size === 0)
      throw new Error(`Invalid discriminated union option at index "${def.options.indexOf(option)}"`);
    for (const value of values) {
      if (map2.has(value)) {
        if (value !== void 0)
          throw new Error(`Duplicate discriminator value "${String(value)}"`);
        map2.set(value, null);
      } else {
        map2.set(value, option);
      }
    }
  }
  return map2;
}
var $ZodDiscriminatedUnion = /* @__PURE__ */ $constructor("$ZodDiscriminatedUnion", (inst, def) => {
  def.inclusive = false;
  $ZodUnion.init(inst, def);
  const _super = inst._zod.parse;
  defineLazyInternal(inst, "propValues", (zod) => {
    const propValues = {};
    let undefinedCount = 0;
    for (const option of zod.def.options) {
      const pv = option._zod.propValues;
      if (!pv || Object.keys(pv).length === 0)
        throw new Error(`Invalid discriminated union option at index "${zod.def.options.indexOf(option)}"`);
      if (pv[zod.def.discriminator]?.has(void 0))
        undefinedCount++;
      for (const [k, v] of Object.entries(pv)) {
        if (!Object.prototype.hasOwnProperty.call(propValues, k)) {
          assignProp(propValues, k, /* @__PURE__ */ new Set());
        }
        for (const val of v) {
          propValues[k].add(val);
        }
      }
    }
    if (!zod.def.unionFallback && undefinedCount > 1)
      propValues[zod.def.discriminator]?.delete(void 0);
    return propValues;
  });
  def.options.forEach((option, i) => {
    const propShape = rawShape(option._zod.def);
    if (propShape && !Object.prototype.hasOwnProperty.call(propShape, def.discriminator)) {
      throw new Error(`Invalid discriminated union option at index "${i}"`);
    }
  });
  const disc = cached(() => discriminatorMap(def));
  inst._zod.parse = (payload, ctx) => {
    const input2 = payload.value;
    if (!isObject(input2)) {
      payload.issues.push({
        code: "invalid_type",
        expected: "object",
        input: input2,
        inst
      });
      return payload;
    }
    const value = input2?.[def.discriminator];
    const opt = disc.value.get(value);
    if (opt && (value !== void 0 || ctx.direction !== "backward")) {
      return opt._zod.run(payload, ctx);
    }
    if (def.unionFallback || ctx.direction === "backward") {
      return _super(payload, ctx);
    }
    payload.issues.push({
      code: "invalid_union",
      errors: [],
      note: "No matching discriminator",
      discriminator: def.discriminator,
      options: Array.from(disc.value.keys()).filter((value2) => disc.value.get(value2) !== null),
      input: input2,
      path: [def.discriminator],
      inst
    });
    return payload;
  };
});
var $ZodIntersection = /* @__PURE__ */ $constructor("$ZodIntersection", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, ctx) => {
    const input2 = payload.value;
    const left = def.left._zod.run({ value: input2, issues: [] }, ctx);
    const right = def.right._zod.run({ value: input2, issues: [] }, ctx);
    const async = left instanceof Promise || right instanceof Promise;
    if (async) {
      return Promise.all([left, right]).then(([left2, right2]) => {
        return handleIntersectionResults(payload, left2, right2);
      });
    }
    return handleIntersectionResults(payload, left, right);
  };
});
function mergeValues(a, b) {
  if (a === b) {
    return { valid: true, data: a };
  }
  if (a instanceof Date && b instanceof Date && +a === +b) {
    return { valid: true, data: a };
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const bKeys = Object.keys(b);
    const sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1);
    const newObj = { ...a, ...b };
    if (Object.prototype.hasOwnProperty.call(newObj, "__proto__"))
      delete newObj.__proto__;
    for (const key of sharedKeys) {
      if (key === "__proto__")
        continue;
      const sharedValue = mergeValues(a[key], b[key]);
      if (!sharedValue.valid) {
        return {
          valid: false,
          mergeErrorPath: [key, ...sharedValue.mergeErrorPath]
        };
      }
      newObj[key] = sharedValue.data;
    }
    return { valid: true, data: newObj };
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) {
      return { valid: false, mergeErrorPath: [] };
    }
    const newArray = [];
    for (let index = 0; index < a.length; index++) {
      const itemA = a[index];
      const itemB = b[index];
      const sharedValue = mergeValues(itemA, itemB);
      if (!sharedValue.valid) {
        return {
          valid: false,
          mergeErrorPath: [index, ...sharedValue.mergeErrorPath]
        };
      }
      newArray.push(sharedValue.data);
    }
    return { valid: true, data: newArray };
  }
  return { valid: false, mergeErrorPath: [] };
}
function handleIntersectionResults(result, left, right) {
  const unrecKeys = /* @__PURE__ */ new Map();
  let unrecIssue;
  const keyIssues = /* @__PURE__ */ new Map();
  const collect = (iss, side) => {
    let keys;
    if (iss.code === "unrecognized_keys" && !iss.path?.length) {
      unrecIssue ?? (unrecIssue = iss);
      keys = iss.keys;
    } else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
      const k = String(iss.path[0]);
      if (!keyIssues.has(k))
        keyIssues.set(k, iss);
      keys = [k];
    } else {
      return false;
    }
    for (const k of keys) {
      if (!unrecKeys.has(k))
        unrecKeys.set(k, {});
      unrecKeys.get(k)[side] = true;
    }
    return true;
  };
  for (const iss of left.issues) {
    if (!collect(iss, "l"))
      result.issues.push(iss);
  }
  for (const iss of right.issues) {
    if (!collect(iss, "r"))
      result.issues.push(iss);
  }
  const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
  if (bothKeys.length) {
    const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
    if (aggregated.length)
      result.issues.push({ ...unrecIssue, keys: aggregated });
    for (const k of bothKeys) {
      if (!aggregated.includes(k) && keyIssues.has(k))
        result.issues.push(keyIssues.get(k));
    }
  }
  const merged = mergeValues(left.value, right.value);
  if (!merged.valid) {
    if (aborted(result))
      return result;
    throw new Error(`Unmergable intersection. Error path: ${JSON.stringify(merged.mergeErrorPath)}`);
  }
  result.value = merged.data;
  return result;
}
var $ZodTuple = /* @__PURE__ */ $constructor("$ZodTuple", (inst, def) => {
  $ZodType.init(inst, def);
  const items = def.items;
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    const input2 = payload.value;
    if (!Array.isArray(input2)) {
      payload.issues.push({
        input: input2,
        inst,
        expected: "tuple",
        code: "invalid_type"
      });
      return payload;
    }
    payload.value = memo2 ? memo2.alloc(inst, payload, [], ctx) : [];
    const proms = [];
    const optinStart = getTupleOptStart(items, "optin");
    const optoutStart = getTupleOptStart(items, "optout");
    if (!def.rest) {
      if (input2.length < optinStart) {
        payload.issues.push({
          code: "too_small",
          minimum: optinStart,
          inclusive: true,
          input: input2,
          inst,
          origin: "array"
        });
        return payload;
      }
      if (input2.length > items.length) {
        payload.issues.push({
          code: "too_big",
          maximum: items.length,
          inclusive: true,
          input: input2,
          inst,
          origin: "array"
        });
      }
    }
    const itemResults = new Array(items.length);
    const abortEarly = def.rest ? ctx?.abortEarly : void 0;
    let itemAborted = false;
    for (let i = 0; i < items.length; i++) {
      const r = items[i]._zod.run({ value: input2[i], issues: [] }, ctx);
      if (r instanceof Promise) {
        proms.push(r.then((rr) => {
          itemResults[i] = rr;
        }));
      } else {
        itemResults[i] = r;
        if (abortEarly && !itemAborted && r.issues.length)
          itemAborted = aborted(r);
      }
    }
    if (def.rest && !itemAborted) {
      let i = items.length - 1;
      const rest = input2.slice(items.length);
      let seen = payload.issues.length;
      for (const el of rest) {
        if (abortEarly && payload.issues.length !== seen) {
          if (aborted(payload, seen))
            break;
          seen = payload.issues.length;
        }
        i++;
        const result = def.rest._zod.run({ value: el, issues: [] }, ctx);
        if (result instanceof Promise) {
          proms.push(result.then((r) => handleTupleResult(r, payload, i)));
        } else {
          handleTupleResult(result, payload, i);
        }
      }
    }
    if (proms.length) {
      return Promise.all(proms).then(() => handleTupleResults(itemResults, payload, items, input2, optoutStart));
    }
    return handleTupleResults(itemResults, payload, items, input2, optoutStart);
  };
});
function getTupleOptStart(items, key) {
  for (let i = items.length - 1; i >= 0; i--) {
    const omittable = key === "optin" ? items[i]._zod.optin !== void 0 : items[i]._zod.optout === "optional";
    if (!omittable)
      return i + 1;
  }
  return 0;
}
function handleTupleResult(result, final, index) {
  if (result.issues.length) {
    final.issues.push(...prefixIssues(index, result.issues));
  }
  final.value[index] = result.value;
}
function handleTupleResults(itemResults, final, items, input2, optoutStart) {
  for (let i = 0; i < items.length; i++) {
    const r = itemResults[i];
    const isPresent = i < input2.length;
    if (!isPresent && i >= optoutStart && items[i]._zod.optin === "optional") {
      final.value.length = i;
      break;
    }
    if (r.issues.length) {
      if (!isPresent && i >= optoutStart) {
        final.value.length = i;
        break;
      }
      final.issues.push(...prefixIssues(i, r.issues));
    }
    final.value[i] = r.value;
  }
  for (let i = final.value.length - 1; i >= input2.length; i--) {
    if (items[i]._zod.optout === "optional" && final.value[i] === void 0) {
      final.value.length = i;
    } else {
      break;
    }
  }
  return final;
}
var $ZodRecord = /* @__PURE__ */ $constructor("$ZodRecord", (inst, def) => {
  $ZodType.init(inst, def);
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    const input2 = payload.value;
    if (!isPlainObject(input2)) {
      payload.issues.push({
        expected: "record",
        code: "invalid_type",
        input: input2,
        inst
      });
      return payload;
    }
    const proms = [];
    const values = def.keyType._zod.values;
    if (values && !def.partial) {
      payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
      const recordKeys = /* @__PURE__ */ new Set();
      for (const key of values) {
        if (typeof key === "string" || typeof key === "number" || typeof key === "symbol") {
          recordKeys.add(typeof key === "number" ? key.toString() : key);
          if (key === "__proto__")
            continue;
          const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
          if (keyResult instanceof Promise) {
            throw new Error("Async schemas not supported in object keys currently");
          }
          if (keyResult.issues.length) {
            payload.issues.push({
              code: "invalid_key",
              origin: "record",
              issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
              input: key,
              path: [key],
              inst
            });
            continue;
          }
          const outKey = keyResult.value;
          if (outKey === "__proto__")
            continue;
          const result = def.valueType._zod.run({ value: input2[key], issues: [] }, ctx);
          if (result instanceof Promise) {
            proms.push(result.then((result2) => {
              if (result2.issues.length) {
                payload.issues.push(...prefixIssues(key, result2.issues));
              }
              payload.value[outKey] = result2.value;
            }));
          } else {
            if (result.issues.length) {
              payload.issues.push(...prefixIssues(key, result.issues));
            }
            payload.value[outKey] = result.value;
          }
        }
      }
      let unrecognized;
      for (const key in input2) {
        if (!recordKeys.has(key)) {
          if (def.mode === "loose") {
            if (key === "__proto__")
              continue;
            payload.value[key] = input2[key];
          } else {
            unrecognized = unrecognized ?? [];
            unrecognized.push(key);
          }
        }
      }
      if (unrecognized && unrecognized.length > 0) {
        payload.issues.push({
          code: "unrecognized_keys",
          input: input2,
          inst,
          keys: unrecognized,
          continue: true
        });
      }
    } else {
      payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
      let unrecognized;
      for (const key of Reflect.ownKeys(input2)) {
        if (key === "__proto__")
          continue;
        if (!Object.prototype.propertyIsEnumerable.call(input2, key))
          continue;
        let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
        if (keyResult instanceof Promise) {
          throw new Error("Async schemas not supported in object keys currently");
        }
        const checkNumericKey = typeof key === "string" && number.test(key) && keyResult.issues.length;
        if (checkNumericKey) {
          const retryResult = def.keyType._zod.run({ value: Number(key), issues: [] }, ctx);
          if (retryResult instanceof Promise) {
            throw new Error("Async schemas not supported in object keys currently");
          }
          if (retryResult.issues.length === 0) {
            keyResult = retryResult;
          }
        }
        if (keyResult.issues.length) {
          if (def.mode === "loose") {
            payload.value[key] = input2[key];
          } else if (values) {
            unrecognized = unrecognized ?? [];
            unrecognized.push(key);
          } else {
            payload.issues.push({
              code: "invalid_key",
              origin: "record",
              issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
              input: key,
              path: [key],
              inst
            });
          }
          continue;
        }
        const outKey = keyResult.value;
        if (outKey === "__proto__")
          continue;
        const result = def.valueType._zod.run({ value: input2[key], issues: [] }, ctx);
        if (result instanceof Promise) {
          proms.push(result.then((result2) => {
            if (result2.issues.length) {
              payload.issues.push(...prefixIssues(key, result2.issues));
            }
            payload.value[outKey] = result2.value;
          }));
        } else {
          if (result.issues.length) {
            payload.issues.push(...prefixIssues(key, result.issues));
          }
          payload.value[outKey] = result.value;
        }
      }
      if (unrecognized && unrecognized.length > 0) {
        payload.issues.push({
          code: "unrecognized_keys",
          input: input2,
          inst,
          keys: unrecognized,
          continue: true
        });
      }
    }
    if (proms.length) {
      return Promise.all(proms).then(() => payload);
    }
    return payload;
  };
});
var $ZodMap = /* @__PURE__ */ $constructor("$ZodMap", (inst, def) => {
  $ZodType.init(inst, def);
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    const input2 = payload.value;
    if (!(input2 instanceof Map)) {
      payload.issues.push({
        expected: "map",
        code: "invalid_type",
        input: input2,
        inst
      });
      return payload;
    }
    const proms = [];
    payload.value = memo2 ? memo2.alloc(inst, payload, /* @__PURE__ */ new Map(), ctx) : /* @__PURE__ */ new Map();
    const abortEarly = ctx?.abortEarly;
    let seen = payload.issues.length;
    for (const [key, value] of input2) {
      if (abortEarly && payload.issues.length !== seen) {
        if (aborted(payload, seen))
          break;
        seen = payload.issues.length;
      }
      const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
      const valueResult = def.valueType._zod.run({ value, issues: [] }, ctx);
      if (keyResult instanceof Promise || valueResult instanceof Promise) {
        proms.push(Promise.all([keyResult, valueResult]).then(([keyResult2, valueResult2]) => {
          handleMapResult(keyResult2, valueResult2, payload, key, input2, inst, ctx);
        }));
      } else {
        handleMapResult(keyResult, valueResult, payload, key, input2, inst, ctx);
      }
    }
    if (proms.length)
      return Promise.all(proms).then(() => payload);
    return payload;
  };
  capSize(inst, mapSize);
});
function handleMapResult(keyResult, valueResult, final, key, input2, inst, ctx) {
  if (keyResult.issues.length) {
    if (propertyKeyTypes.has(typeof key)) {
      final.issues.push(...prefixIssues(key, keyResult.issues));
    } else {
      final.issues.push({
        code: "invalid_key",
        origin: "map",
        input: input2,
        inst,
        issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config()))
      });
    }
  }
  if (valueResult.issues.length) {
    if (propertyKeyTypes.has(typeof key)) {
      final.issues.push(...prefixIssues(key, valueResult.issues));
    } else {
      final.issues.push({
        origin: "map",
        code: "invalid_element",
        input: input2,
        inst,
        key,
        issues: valueResult.issues.map((iss) => finalizeIssue(iss, ctx, config()))
      });
    }
  }
  final.value.set(keyResult.value, valueResult.value);
}
var $ZodSet = /* @__PURE__ */ $constructor("$ZodSet", (inst, def) => {
  $ZodType.init(inst, def);
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    const input2 = payload.value;
    if (!(input2 instanceof Set)) {
      payload.issues.push({
        input: input2,
        inst,
        expected: "set",
        code: "invalid_type"
      });
      return payload;
    }
    const proms = [];
    payload.value = memo2 ? memo2.alloc(inst, payload, /* @__PURE__ */ new Set(), ctx) : /* @__PURE__ */ new Set();
    const abortEarly = ctx?.abortEarly;
    let seen = payload.issues.length;
    for (const item of input2) {
      if (abortEarly && payload.issues.length !== seen) {
        if (aborted(payload, seen))
          break;
        seen = payload.issues.length;
      }
      const result = def.valueType._zod.run({ value: item, issues: [] }, ctx);
      if (result instanceof Promise) {
        proms.push(result.then((result2) => handleSetResult(result2, payload)));
      } else
        handleSetResult(result, payload);
    }
    if (proms.length)
      return Promise.all(proms).then(() => payload);
    return payload;
  };
  capSize(inst, setSize);
});
function handleSetResult(result, final) {
  if (result.issues.length) {
    final.issues.push(...result.issues);
  }
  final.value.add(result.value);
}
var $ZodEnum = /* @__PURE__ */ $constructor("$ZodEnum", (inst, def) => {
  $ZodType.init(inst, def);
  const values = getEnumValues(def.entries);
  const valuesSet = new Set(values);
  inst._zod.values = valuesSet;
  defineLazyInternal(inst, "pattern", (zod) => {
    const patternValues = getEnumValues(zod.def.entries).filter((k) => propertyKeyTypes.has(typeof k));
    return new RegExp(patternValues.length ? `^(${patternValues.map((o) => escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$");
  });
  inst._zod.parse = (payload, _ctx) => {
    const input2 = payload.value;
    if (valuesSet.has(input2)) {
      return payload;
    }
    payload.issues.push({
      code: "invalid_value",
      values,
      input: input2,
      inst
    });
    return payload;
  };
});
var $ZodLiteral = /* @__PURE__ */ $constructor("$ZodLiteral", (inst, def) => {
  $ZodType.init(inst, def);
  const values = new Set(def.values);
  inst._zod.values = values;
  defineLazyInternal(inst, "pattern", (zod) => {
    const vals = zod.def.values;
    return new RegExp(vals.length ? `^(${vals.map((o) => typeof o === "string" ? escapeRegex(o) : o ? escapeRegex(o.toString()) : String(o)).join("|")})$` : "^[^\\s\\S]$");
  });
  inst._zod.parse = (payload, _ctx) => {
    const input2 = payload.value;
    if (values.has(input2)) {
      return payload;
    }
    payload.issues.push({
      code: "invalid_value",
      values: def.values,
      input: input2,
      inst
    });
    return payload;
  };
});
var $ZodFile = /* @__PURE__ */ $constructor("$ZodFile", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, _ctx) => {
    const input2 = payload.value;
    if (input2 instanceof File)
      return payload;
    payload.issues.push({
      expected: "file",
      code: "invalid_type",
      input: input2,
      inst
    });
    return payload;
  };
});
var $ZodTransform = /* @__PURE__ */ $constructor("$ZodTransform", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.optin = "optional";
  globalConfig.memoizer?.guard(inst);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      throw new $ZodEncodeError(inst.constructor.name);
    }
    const _out = def.transform(payload.value, payload);
    if (ctx.async) {
      const output2 = _out instanceof Promise ? _out : Promise.resolve(_out);
      return output2.then((output3) => {
        payload.value = output3;
        return payload;
      });
    }
    if (_out instanceof Promise) {
      throw new $ZodAsyncError();
    }
    payload.value = _out;
    return payload;
  };
});
function handleOptionalResult(payload, result) {
  payload.value = result.issues.length ? void 0 : result.value;
  return payload;
}
var $ZodOptional = /* @__PURE__ */ $constructor("$ZodOptional", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
  inst._zod.optout = "optional";
  defineLazyInternal(inst, "values", (zod) => {
    const values = zod.def.innerType._zod.values;
    return values ? /* @__PURE__ */ new Set([...values, void 0]) : void 0;
  });
  defineLazyInternal(inst, "pattern", (zod) => {
    const pattern = zod.def.innerType._zod.pattern;
    return pattern ? new RegExp(`^(${cleanRegex(pattern.source)})?$`) : void 0;
  });
  inst._zod.parse = (payload, ctx) => {
    if (payload.value === void 0) {
      if (def.innerType._zod.optin !== "defaulted")
        return payload;
      const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
      if (result instanceof Promise)
        return result.then((result2) => handleOptionalResult(payload, result2));
      return handleOptionalResult(payload, result);
    }
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodExactOptional = /* @__PURE__ */ $constructor("$ZodExactOptional", (inst, def) => {
  $ZodOptional.init(inst, def);
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  defineLazyInternal(inst, "pattern", (zod) => zod.def.innerType._zod.pattern);
  inst._zod.parse = (payload, ctx) => {
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodNullable = /* @__PURE__ */ $constructor("$ZodNullable", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin);
  defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
  defineLazyInternal(inst, "pattern", (zod) => {
    const pattern = zod.def.innerType._zod.pattern;
    return pattern ? new RegExp(`^(${cleanRegex(pattern.source)}|null)$`) : void 0;
  });
  defineLazyInternal(inst, "values", (zod) => {
    return zod.def.innerType._zod.values ? /* @__PURE__ */ new Set([...zod.def.innerType._zod.values, null]) : void 0;
  });
  inst._zod.parse = (payload, ctx) => {
    if (payload.value === null)
      return payload;
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodDefault = /* @__PURE__ */ $constructor("$ZodDefault", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.optin = "defaulted";
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    if (payload.value === void 0) {
      payload.value = def.defaultValue;
      return payload;
    }
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => handleDefaultResult(result2, def));
    }
    return handleDefaultResult(result, def);
  };
});
function handleDefaultResult(payload, def) {
  if (payload.value === void 0) {
    payload.value = def.defaultValue;
  }
  return payload;
}
var $ZodPrefault = /* @__PURE__ */ $constructor("$ZodPrefault", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.optin = "defaulted";
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    if (payload.value === void 0) {
      payload.value = def.defaultValue;
    }
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodNonOptional = /* @__PURE__ */ $constructor("$ZodNonOptional", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "values", (zod) => {
    const v = zod.def.innerType._zod.values;
    return v ? new Set([...v].filter((x) => x !== void 0)) : void 0;
  });
  inst._zod.parse = (payload, ctx) => {
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => handleNonOptionalResult(result2, inst));
    }
    return handleNonOptionalResult(result, inst);
  };
});
function handleNonOptionalResult(payload, inst) {
  if (!payload.issues.length && payload.value === void 0) {
    payload.issues.push({
      code: "invalid_type",
      expected: "nonoptional",
      input: payload.value,
      inst
    });
  }
  return payload;
}
var $ZodSuccess = /* @__PURE__ */ $constructor("$ZodSuccess", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      throw new $ZodEncodeError("ZodSuccess");
    }
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => {
        payload.value = result2.issues.length === 0;
        return payload;
      });
    }
    payload.value = result.issues.length === 0;
    return payload;
  };
});
function handleCatchResult(payload, result, def, ctx) {
  if (!result.issues.length) {
    payload.value = result.value;
    if (result.memo)
      payload.memo = true;
    return payload;
  }
  payload.value = def.catchValue({
    ...result,
    value: payload.value,
    error: {
      issues: result.issues.map((iss) => finalizeIssue(iss, ctx, config()))
    },
    input: payload.value
  });
  return payload;
}
var $ZodCatch = /* @__PURE__ */ $constructor("$ZodCatch", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
  defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => handleCatchResult(payload, result2, def, ctx));
    }
    return handleCatchResult(payload, result, def, ctx);
  };
});
var $ZodNaN = /* @__PURE__ */ $constructor("$ZodNaN", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, _ctx) => {
    if (typeof payload.value !== "number" || !Number.isNaN(payload.value)) {
      payload.issues.push({
        input: payload.value,
        inst,
        expected: "nan",
        code: "invalid_type"
      });
      return payload;
    }
    return payload;
  };
});
var $ZodPipe = /* @__PURE__ */ $constructor("$ZodPipe", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
  defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
  defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
  defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      const right = def.out._zod.run(payload, ctx);
      if (right instanceof Promise) {
        return right.then((right2) => handlePipeResult(right2, def.in, ctx));
      }
      return handlePipeResult(right, def.in, ctx);
    }
    const left = def.in._zod.run(payload, ctx);
    if (left instanceof Promise) {
      return left.then((left2) => handlePipeResult(left2, def.out, ctx));
    }
    return handlePipeResult(left, def.out, ctx);
  };
});
function handlePipeResult(left, next, ctx) {
  if (left.issues.some((iss) => iss.code !== "unrecognized_keys")) {
    left.aborted = true;
    return left;
  }
  return next._zod.run({ value: left.value, issues: left.issues }, ctx);
}
var $ZodCodec = /* @__PURE__ */ $constructor("$ZodCodec", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
  defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
  defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
  defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
  inst._zod.parse = (payload, ctx) => {
    const direction = ctx.direction || "forward";
    if (direction === "forward") {
      const left = def.in._zod.run(payload, ctx);
      if (left instanceof Promise) {
        return left.then((left2) => handleCodecAResult(left2, def, ctx));
      }
      return handleCodecAResult(left, def, ctx);
    } else {
      const right = def.out._zod.run(payload, ctx);
      if (right instanceof Promise) {
        return right.then((right2) => handleCodecAResult(right2, def, ctx));
      }
      return handleCodecAResult(right, def, ctx);
    }
  };
});
function handleCodecAResult(result, def, ctx) {
  if (result.issues.length) {
    result.aborted = true;
    return result;
  }
  const direction = ctx.direction || "forward";
  if (direction === "forward") {
    const transformed = def.transform(result.value, result);
    if (transformed instanceof Promise) {
      return transformed.then((value) => handleCodecTxResult(result, value, def.out, ctx));
    }
    return handleCodecTxResult(result, transformed, def.out, ctx);
  } else {
    const transformed = def.reverseTransform(result.value, result);
    if (transformed instanceof Promise) {
      return transformed.then((value) => handleCodecTxResult(result, value, def.in, ctx));
    }
    return handleCodecTxResult(result, transformed, def.in, ctx);
  }
}
function handleCodecTxResult(left, value, nextSchema, ctx) {
  if (left.issues.length) {
    left.aborted = true;
    return left;
  }
  return nextSchema._zod.run({ value, issues: left.issues }, ctx);
}
var $ZodPreprocess = /* @__PURE__ */ $constructor("$ZodPreprocess", (inst, def) => {
  $ZodPipe.init(inst, def);
});
var $ZodReadonly = /* @__PURE__ */ $constructor("$ZodReadonly", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "propValues", (zod) => zod.def.innerType._zod.propValues);
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType?._zod?.optin);
  defineLazyInternal(inst, "optout", (zod) => zod.def.innerType?._zod?.optout);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then(handleReadonlyResult);
    }
    return handleReadonlyResult(result);
  };
});
function handleReadonlyResult(payload) {
  if (!payload.memo)
    payload.value = Object.freeze(payload.value);
  return payload;
}
function leafPattern(schema) {
  const def = schema._zod.def;
  let pattern = def.pattern;
  let isInt = !!def.format?.includes("int");
  let minimum;
  let maximum;
  for (const ch of def.checks ?? []) {
    const d = ch._zod.def;
    if (d.pattern)
      pattern = d.pattern;
    isInt || (isInt = !!d.format?.includes("int"));
    const lo = d.minimum ?? d.length;
    const hi = d.maximum ?? d.length;
    if (lo !== void 0 && (minimum === void 0 || lo > minimum))
      minimum = lo;
    if (hi !== void 0 && (maximum === void 0 || hi < maximum))
      maximum = hi;
  }
  if (pattern)
    return pattern.source;
  if (minimum !== void 0 && maximum !== void 0 && minimum > maximum)
    return "(?!)";
  if (minimum !== void 0 || maximum !== void 0)
    return string({ minimum, maximum }).source;
  const own2 = schema._zod.pattern;
  return (isInt && own2 === number ? integer : own2)?.source;
}
function partPattern(schema) {
  const def = schema._zod.def;
  const own2 = schema._zod.pattern?.source;
  const inner = def.innerType ?? schema._zod.innerType;
  if (inner) {
    const before = inner._zod.pattern?.source;
    const after = partPattern(inner);
    if (own2 && before && after && after !== before) {
      return own2.replace(cleanRegex(before), () => cleanRegex(after));
    }
    return own2;
  }
  if (def.options) {
    const sources = def.options.map(partPattern);
    if (sources.every(Boolean))
      return `^(${sources.map((s) => cleanRegex(s)).join("|")})$`;
  }
  return leafPattern(schema);
}
var $ZodTemplateLiteral = /* @__PURE__ */ $constructor("$ZodTemplateLiteral", (inst, def) => {
  $ZodType.init(inst, def);
  const regexParts = [];
  for (const part of def.parts) {
    if (typeof part === "object" && part !== null) {
      const source = partPattern(part);
      if (!source) {
        throw new Error(`Invalid template literal part, no pattern found: ${[...part._zod.traits].shift()}`);
      }
      regexParts.push(cleanRegex(source));
    } else if (part === null || primitiveTypes.has(typeof part)) {
      regexParts.push(escapeRegex(`${part}`));
    } else {
      throw new Error(`Invalid template literal part: ${part}`);
    }
  }
  inst._zod.pattern = new RegExp(`^${regexParts.join("")}$`);
  inst._zod.parse = (payload, _ctx) => {
    if (typeof payload.value !== "string") {
      payload.issues.push({
        input: payload.value,
        inst,
        expected: "string",
        code: "invalid_type"
      });
      return payload;
    }
    inst._zod.pattern.lastIndex = 0;
    if (!inst._zod.pattern.test(payload.value)) {
      payload.issues.push({
        input: payload.value,
        inst,
        code: "invalid_format",
        format: def.format ?? "template_literal",
        pattern: inst._zod.pattern.source
      });
      return payload;
    }
    return payload;
  };
});
var $ZodFunction = /* @__PURE__ */ $constructor("$ZodFunction", (inst, def) => {
  $ZodType.init(inst, def);
  Object.defineProperty(inst, "_def", { value: def });
  inst._zod.def = def;
  inst.implement = (func) => {
    if (typeof func !== "function") {
      throw new Error("implement() must be called with a function");
    }
    return Object.defineProperty(function(...args) {
      const parsedArgs = inst._def.input ? parse(inst._def.input, args) : args;
      const result = Reflect.apply(func, this, parsedArgs);
      if (inst._def.output) {
        return parse(inst._def.output, result);
      }
      return result;
    }, "_zod", { value: inst._zod, enumerable: false });
  };
  inst.implementAsync = (func) => {
    if (typeof func !== "function") {
      throw new Error("implementAsync() must be called with a function");
    }
    return Object.defineProperty(async function(...args) {
      const parsedArgs = inst._def.input ? await parseAsync(inst._def.input, args) : args;
      const result = await Reflect.apply(func, this, parsedArgs);
      if (inst._def.output) {
        return await parseAsync(inst._def.output, result);
      }
      return result;
    }, "_zod", { value: inst._zod, enumerable: false });
  };
  inst._zod.parse = (payload, _ctx) => {
    if (typeof payload.value !== "function") {
      payload.issues.push({
        code: "invalid_type",
        expected: "function",
        input: payload.value,
        inst
      });
      return payload;
    }
    const hasPromiseOutput = inst._def.output && inst._def.output._zod.def.type === "promise";
    if (hasPromiseOutput) {
      payload.value = inst.implementAsync(payload.value);
    } else {
      payload.value = inst.implement(payload.value);
    }
    return payload;
  };
  inst.input = (...args) => {
    const F = inst.constructor;
    if (Array.isArray(args[0])) {
      return new F({
        type: "function",
        input: new $ZodTuple({
          type: "tuple",
          items: args[0],
          rest: args[1]
        }),
        output: inst._def.output
      });
    }
    return new F({
      type: "function",
      input: args[0],
      output: inst._def.output
    });
  };
  inst.output = (output2) => {
    const F = inst.constructor;
    return new F({
      type: "function",
      input: inst._def.input,
      output: output2
    });
  };
  return inst;
});
var $ZodPromise = /* @__PURE__ */ $constructor("$ZodPromise", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, ctx) => {
    return Promise.resolve(payload.value).then((inner) => def.innerType._zod.run({ value: inner, issues: [] }, ctx));
  };
});
var $ZodLazy = /* @__PURE__ */ $constructor("$ZodLazy", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazy(inst._zod, "innerType", () => {
    const d = def;
    if (!d._cachedInner)
      d._cachedInner = def.getter();
    return d._cachedInner;
  });
  defineLazyInternal(inst, "pattern", (zod) => zod.innerType?._zod?.pattern);
  defineLazyInternal(inst, "propValues", (zod) => zod.innerType?._zod?.propValues);
  defineLazyInternal(inst, "optin", (zod) => zod.innerType?._zod?.optin ?? void 0);
  defineLazyInternal(inst, "optout", (zod) => zod.innerType?._zod?.optout ?? void 0);
  inst._zod.parse = (payload, ctx) => {
    const inner = inst._zod.innerType;
    return inner._zod.run(payload, ctx);
  };
});
var $ZodCustom = /* @__PURE__ */ $constructor("$ZodCustom", (inst, def) => {
  $ZodCheck.init(inst, def);
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, _) => {
    return payload;
  };
  inst._zod.check = (payload) => {
    const input2 = payload.value;
    const r = def.fn(input2);
    if (r instanceof Promise) {
      return r.then((r2) => handleRefineResult(r2, payload, input2, inst));
    }
    handleRefineResult(r, payload, input2, inst);
    return;
  };
});
function handleRefineResult(result, payload, input2, inst) {
  if (!result) {
    const _iss = {
      code: "custom",
      input: input2,
      inst,
      // incorporates params.error into issue reporting
      path: [...inst._zod.def.path ?? []],
      // incorporates params.error into issue reporting
      continue: !inst._zod.def.abort
      // params: inst._zod.def.params,
    };
    if (inst._zod.def.params)
      _iss.params = inst._zod.def.params;
    payload.issues.push(issue(_iss));
  }
}

// node_modules/zod/v4/core/memoizer.js
var $ZodCyclicError = class extends Error {
  constructor() {
    super(`Cannot parse a reference cycle that closes through a transform`);
    this.name = "ZodCyclicError";
  }
};
var STATE = "~memo";
var NO_ISSUES = [];
function isRef(value) {
  return value !== null && typeof value === "object";
}
function cloneIssues(issues) {
  return issues.map((iss) => iss.path ? { ...iss, path: iss.path.slice() } : { ...iss });
}
var recursive = /* @__PURE__ */ new WeakMap();
var NONE = 0;
var ASSUMED = 1;
var PROVEN = 2;
function isRecursive(inst, stack, resolve) {
  const cached2 = recursive.get(inst);
  if (cached2 !== void 0)
    return cached2 ? PROVEN : NONE;
  if (stack.has(inst))
    return PROVEN;
  stack.add(inst);
  let result = NONE;
  const check2 = (child) => {
    if (result !== PROVEN && child?._zod) {
      const answer = isRecursive(child, stack, resolve);
      if (answer > result)
        result = answer;
    }
  };
  const shape = (sh, spread) => {
    let answer = NONE;
    for (const key of Reflect.ownKeys(sh)) {
      const desc = Object.getOwnPropertyDescriptor(sh, key);
      if (spread && !desc.enumerable)
        continue;
      const child = desc.get ? ASSUMED : desc.value?._zod ? isRecursive(desc.value, stack, resolve) : NONE;
      if (child > answer)
        answer = child;
    }
    return answer;
  };
  const merge3 = (answer) => {
    if (answer > result)
      result = answer;
  };
  const def = inst._zod.def;
  const kind = def.type;
  switch (kind) {
    case "object": {
      const raw = rawShape(def);
      merge3(raw ? shape(raw, true) : ASSUMED);
      check2(def.catchall);
      break;
    }
    case "array":
      check2(def.element);
      break;
    case "tuple":
      for (const el of def.items)
        check2(el);
      check2(def.rest);
      break;
    case "record":
    case "map":
      check2(def.keyType);
      check2(def.valueType);
      break;
    case "set":
      check2(def.valueType);
      break;
    case "union":
      for (const el of def.options)
        check2(el);
      break;
    case "intersection":
      check2(def.left);
      check2(def.right);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
    case "promise":
    case "success":
      check2(def.innerType);
      break;
    case "pipe":
      check2(def.in);
      check2(def.out);
      break;
    case "function":
      check2(def.input);
      check2(def.output);
      break;
    // `$ZodLazy` caches its inner on the def, so a resolved edge is followed exactly
    case "lazy": {
      const inner = def._cachedInner ?? (resolve ? inst._zod.innerType : void 0);
      merge3(inner ? isRecursive(inner, stack, false) : ASSUMED);
      break;
    }
    // a leaf by choice: `parts` are regex fragments, not data positions
    case "template_literal":
    // leaves
    case "string":
    case "number":
    case "int":
    case "boolean":
    case "bigint":
    case "symbol":
    case "undefined":
    case "null":
    case "void":
    case "never":
    case "any":
    case "unknown":
    case "date":
    case "nan":
    case "enum":
    case "literal":
    case "file":
    case "transform":
    case "custom":
      break;
    default: {
      kind;
      for (const key in def) {
        const desc = Object.getOwnPropertyDescriptor(def, key);
        if (!desc || desc.get)
          continue;
        const value = desc.value;
        if (!value || typeof value !== "object")
          continue;
        if (value._zod)
          check2(value);
        else if (Array.isArray(value))
          for (const el of value)
            check2(el);
      }
    }
  }
  stack.delete(inst);
  return settle(inst, result);
}
function settle(inst, answer) {
  if (answer !== ASSUMED)
    recursive.set(inst, answer === PROVEN);
  return answer;
}
function isRecursiveSchema(inst) {
  return isRecursive(inst, /* @__PURE__ */ new Set(), true) !== NONE;
}
function bucketFor(state, inst) {
  let bucket = state.buckets.get(inst);
  if (!bucket) {
    bucket = /* @__PURE__ */ new WeakMap();
    state.buckets.set(inst, bucket);
  }
  return bucket;
}
var handoff;
var open = [];
var memo = {
  alloc(_inst, payload, empty) {
    const bucket = handoff;
    if (!bucket)
      return empty;
    handoff = void 0;
    const entry2 = { value: empty, issues: null };
    bucket.set(payload.value, entry2);
    open.push(entry2);
    return empty;
  },
  guard(inst) {
    var _a3;
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []);
    inst._zod.deferred.push(() => {
      const base = inst._zod.parse;
      const wrapped = (payload, ctx) => {
        if (ctx.direction !== "backward" && isBackEdge(ctx, payload.value))
          throw new $ZodCyclicError();
        return base(payload, ctx);
      };
      inst._zod.parse = wrapped;
      if (inst._zod.run === base)
        inst._zod.run = wrapped;
    });
  },
  attach(inst) {
    var _a3;
    let isRecursiveInst;
    let rechecked = false;
    let lastCtx;
    let lastBucket;
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []);
    inst._zod.deferred.push(() => {
      const base = inst._zod.parse;
      const wrapped = (payload, ctx) => {
        if (isRecursiveInst === void 0) {
          const walked = isRecursive(inst, /* @__PURE__ */ new Set(), false);
          if (walked === NONE) {
            inst._zod.parse = base;
            if (inst._zod.run === wrapped)
              inst._zod.run = base;
            return base(payload, ctx);
          }
          if (walked === PROVEN || rechecked)
            isRecursiveInst = true;
          else
            rechecked = true;
        }
        const input2 = payload.value;
        if (!isRef(input2))
          return base(payload, ctx);
        let state = ctx[STATE];
        if (!state) {
          state = { buckets: /* @__PURE__ */ new WeakMap(), backEdges: void 0 };
          ctx[STATE] = state;
        }
        let bucket;
        if (lastCtx === ctx) {
          bucket = lastBucket;
        } else {
          bucket = bucketFor(state, inst);
          lastCtx = ctx;
          lastBucket = bucket;
        }
        const hit = bucket.get(input2);
        if (hit) {
          payload.value = hit.value;
          if (hit.issues) {
            if (hit.issues.length)
              payload.issues.push(...cloneIssues(hit.issues));
          } else {
            payload.memo = true;
            state.backEdges ?? (state.backEdges = /* @__PURE__ */ new WeakSet());
            state.backEdges.add(hit.value);
          }
          return payload;
        }
        handoff = bucket;
        const depth = open.length;
        const result = base(payload, ctx);
        handoff = void 0;
        const entry2 = open.length > depth ? open.pop() : void 0;
        if (result instanceof Promise) {
          return result.then((r) => {
            if (entry2)
              entry2.issues = r.issues.length ? cloneIssues(r.issues) : NO_ISSUES;
            return r;
          });
        }
        if (entry2)
          entry2.issues = result.issues.length ? cloneIssues(result.issues) : NO_ISSUES;
        return result;
      };
      inst._zod.parse = wrapped;
      if (inst._zod.run === base)
        inst._zod.run = wrapped;
    });
  }
};
function memoizer() {
  return memo;
}
function isBackEdge(ctx, value) {
  const backEdges = ctx[STATE]?.backEdges;
  return backEdges !== void 0 && isRef(value) && backEdges.has(value);
}

// node_modules/zod/v4/locales/index.js
var locales_exports = {};
__export(locales_exports, {
  en: () => en_default
});

// node_modules/zod/v4/locales/en.js
var error = () => {
  const Sizable = {
    string: { unit: "characters", verb: "to have" },
    file: { unit: "bytes", verb: "to have" },
    array: { unit: "items", verb: "to have" },
    set: { unit: "items", verb: "to have" },
    map: { unit: "entries", verb: "to have" }
  };
  function getSizing(origin) {
    return Sizable[origin] ?? null;
  }
  const FormatDictionary = {
    regex: "input",
    email: "email address",
    url: "URL",
    emoji: "emoji",
    uuid: "UUID",
    uuidv4: "UUIDv4",
    uuidv6: "UUIDv6",
    nanoid: "nanoid",
    guid: "GUID",
    cuid: "cuid",
    cuid2: "cuid2",
    ulid: "ULID",
    xid: "XID",
    ksuid: "KSUID",
    datetime: "ISO datetime",
    date: "ISO date",
    time: "ISO time",
    duration: "ISO duration",
    ipv4: "IPv4 address",
    ipv6: "IPv6 address",
    mac: "MAC address",
    cidrv4: "IPv4 range",
    cidrv6: "IPv6 range",
    base64: "base64-encoded string",
    base64url: "base64url-encoded string",
    json_string: "JSON string",
    e164: "E.164 number",
    currency_code: "currency code",
    credit_card: "credit card number",
    iban: "IBAN",
    jwt: "JWT",
    template_literal: "input"
  };
  const TypeDictionary = {
    // Compatibility: "nan" -> "NaN" for display
    nan: "NaN"
    // All other type names omitted - they fall back to raw values via ?? operator
  };
  function getTypeName(type, input2) {
    if (type === "number" && typeof input2 === "number" && !Number.isFinite(input2)) {
      return String(input2);
    }
    return TypeDictionary[type] ?? type;
  }
  return (issue2) => {
    switch (issue2.code) {
      case "invalid_type": {
        const expected = getTypeName(issue2.expected);
        const receivedType = parsedType(issue2.input);
        const received = getTypeName(receivedType, issue2.input);
        return `Invalid input: expected ${expected}, received ${received}`;
      }
      case "invalid_value":
        if (issue2.values.length === 1)
          return `Invalid input: expected ${stringifyPrimitive(issue2.values[0])}`;
        return `Invalid option: expected one of ${joinValues(issue2.values, "|")}`;
      case "too_big": {
        const adj = issue2.exact ? "exactly " : issue2.inclusive ? "<=" : "<";
        const sizing = getSizing(issue2.origin);
        if (sizing)
          return `Too big: expected ${issue2.origin ?? "value"} to have ${adj}${issue2.maximum.toString()} ${sizing.unit ?? "elements"}`;
        return `Too big: expected ${issue2.origin ?? "value"} to be ${adj}${issue2.maximum.toString()}`;
      }
      case "too_small": {
        const adj = issue2.exact ? "exactly " : issue2.inclusive ? ">=" : ">";
        const sizing = getSizing(issue2.origin);
        if (sizing) {
          return `Too small: expected ${issue2.origin} to have ${adj}${issue2.minimum.toString()} ${sizing.unit}`;
        }
        return `Too small: expected ${issue2.origin} to be ${adj}${issue2.minimum.toString()}`;
      }
      case "invalid_format": {
        const _issue = issue2;
        if (_issue.format === "starts_with") {
          return `Invalid string: must start with "${_issue.prefix}"`;
        }
        if (_issue.format === "ends_with")
          return `Invalid string: must end with "${_issue.suffix}"`;
        if (_issue.format === "includes")
          return `Invalid string: must include "${_issue.includes}"`;
        if (_issue.format === "regex")
          return `Invalid string: must match pattern ${_issue.pattern}`;
        return `Invalid ${FormatDictionary[_issue.format] ?? issue2.format}`;
      }
      case "not_multiple_of":
        return `Invalid number: must be a multiple of ${issue2.divisor}`;
      case "unrecognized_keys":
        return `Unrecognized key${issue2.keys.length > 1 ? "s" : ""}: ${joinValues(issue2.keys, ", ")}`;
      case "invalid_key":
        return `Invalid key in ${issue2.origin}`;
      case "invalid_union":
        if (issue2.options && Array.isArray(issue2.options) && issue2.options.length > 0) {
          const opts = issue2.options.map((o) => `'${o}'`).join(" | ");
          return `Invalid discriminator value. Expected ${opts}`;
        }
        if (issue2.inclusive === false) {
          return "Invalid input: more than one option matched";
        }
        return "Invalid input";
      case "invalid_element":
        return `Invalid value in ${issue2.origin}`;
      default:
        return `Invalid input`;
    }
  };
};
function en_default() {
  return {
    localeError: error()
  };
}

// node_modules/zod/v4/core/registries.js
var _a2;
var $output = /* @__PURE__ */ Symbol("ZodOutput");
var $input = /* @__PURE__ */ Symbol("ZodInput");
var $ZodRegistry = class {
  constructor() {
    this._map = /* @__PURE__ */ new WeakMap();
    this._idmap = /* @__PURE__ */ new Map();
  }
  add(schema, ..._meta) {
    const meta3 = _meta[0];
    this._map.set(schema, meta3);
    if (meta3 && typeof meta3 === "object" && "id" in meta3) {
      this._idmap.set(meta3.id, schema);
    }
    return this;
  }
  clear() {
    this._map = /* @__PURE__ */ new WeakMap();
    this._idmap = /* @__PURE__ */ new Map();
    return this;
  }
  remove(schema) {
    const meta3 = this._map.get(schema);
    if (meta3 && typeof meta3 === "object" && "id" in meta3) {
      this._idmap.delete(meta3.id);
    }
    this._map.delete(schema);
    return this;
  }
  get(schema) {
    const p = schema._zod.parent;
    if (p) {
      const pm = { ...this.get(p) ?? {} };
      delete pm.id;
      const f = { ...pm, ...this._map.get(schema) };
      return Object.keys(f).length ? f : void 0;
    }
    return this._map.get(schema);
  }
  has(schema) {
    return this._map.has(schema);
  }
};
function registry() {
  return new $ZodRegistry();
}
(_a2 = globalThis).__zod_globalRegistry ?? (_a2.__zod_globalRegistry = registry());
var globalRegistry = globalThis.__zod_globalRegistry;

// node_modules/zod/v4/core/compile.js
var INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid");
var FALLBACK_FLAG = /* @__PURE__ */ Symbol.for("zod.compile.fallback");
var ZodCompileAsyncError = class extends Error {
  constructor(message = "z.compile does not support async refinements, transforms, or checks") {
    super(message);
    this.name = "ZodCompileAsyncError";
  }
};
var ZodCompileUnsupportedError = class extends Error {
  constructor(feature, islandable = true) {
    super(`z.compile does not support ${feature}; this schema must use the runtime parser`);
    this.name = "ZodCompileUnsupportedError";
    this.islandable = islandable;
  }
};
function compileValidator(schema, parser) {
  try {
    return compileFn(schema, { assertOnly: true });
  } catch {
    return parser;
  }
}
function compile(schema, options) {
  try {
    const parser = compileFn(schema);
    const clone2 = withParser(schema, parser);
    clone2._zod.bag.validator = compileValidator(schema, parser);
    return clone2;
  } catch (err2) {
    if (options?.strict)
      throw err2;
    return schema;
  }
}
function withParser(schema, parser) {
  if (isRecursiveSchema(schema)) {
    throw new ZodCompileUnsupportedError("a schema whose subtree contains a reference cycle");
  }
  const clone2 = clone(schema);
  const liveRun = schema._zod.run;
  const originalRun = liveRun.__originalRun ?? liveRun;
  const wrapped = (payload, ctx) => {
    if (ctx?.async || ctx?.direction === "backward" || ctx?.skipChecks || ctx?.[FALLBACK_FLAG]) {
      return originalRun(payload, ctx);
    }
    if (ctx && isBackEdge(ctx, payload.value)) {
      return originalRun(payload, ctx);
    }
    const out = parser(payload.value);
    if (out !== INVALID) {
      payload.value = out;
      return payload;
    }
    if (ctx)
      ctx[FALLBACK_FLAG] = true;
    return originalRun(payload, ctx);
  };
  wrapped.__originalRun = originalRun;
  clone2._zod.bag.fallbackRun = originalRun;
  clone2._zod.bag.validator = parser;
  clone2._zod.run = wrapped;
  if (!liveRun.__originalRun)
    installCompiledUserMethods(clone2, schema, parser);
  return clone2;
}
function installCompiledUserMethods(target, source, parser) {
  const targetAny = target;
  const sourceAny = source;
  if (typeof sourceAny.safeParse === "function") {
    const originalSafeParse = sourceAny.safeParse;
    targetAny.safeParse = (data, params) => {
      const out = parser(data);
      if (out !== INVALID) {
        return { success: true, data: out };
      }
      return originalSafeParse(data, params);
    };
  }
  if (typeof sourceAny.parse === "function") {
    const originalParse = sourceAny.parse;
    targetAny.parse = (data, params) => {
      const out = parser(data);
      if (out !== INVALID) {
        return out;
      }
      return originalParse(data, params);
    };
  }
}
function compileFn(schema, options) {
  let recursive2 = true;
  try {
    recursive2 = isRecursiveSchema(schema);
  } catch {
  }
  if (recursive2) {
    throw new ZodCompileUnsupportedError("a schema whose subtree contains a reference cycle");
  }
  const ctx = {
    constants: /* @__PURE__ */ new Map(),
    constantCounter: 0,
    varCounter: 0,
    definite: true
  };
  const doc = new Doc(["input"]);
  const outputAccessor = generateCheck(doc, ctx, schema, "input", !options?.assertOnly);
  doc.write(outputAccessor === null ? `return true;` : `return ${outputAccessor};`);
  const constantNames = ["INVALID", ...ctx.constants.keys()];
  const constantValues = [INVALID, ...ctx.constants.values()];
  const code = doc.content.join("\n");
  const fullCode = options?.debug ? constantNames.length > 0 ? `// Constants: ${constantNames.join(", ")}
${code}` : code : "";
  const F = Function;
  const factoryCode = `return (input) => {
${code}
}`;
  let fn;
  try {
    const factory = new F(...constantNames, factoryCode);
    fn = factory(...constantValues);
  } catch (err2) {
    throw new ZodCompileUnsupportedError(`this schema (generated code failed to evaluate: ${err2.message})`);
  }
  if (options?.debug) {
    fn.code = fullCode;
  }
  fn.definite = ctx.definite;
  return fn;
}
function addConstant(ctx, value) {
  for (const [name2, v] of ctx.constants) {
    if (v === value)
      return name2;
  }
  const name = `c${ctx.constantCounter++}`;
  ctx.constants.set(name, value);
  return name;
}
function addUserConstant(ctx, fn) {
  ctx.definite = false;
  return addConstant(ctx, fn);
}
function newVar(ctx) {
  return `v${ctx.varCounter++}`;
}
function runtimeRun(schema, value) {
  const result = schema._zod.run({ value, issues: [] }, {});
  if (result && typeof result.then === "function")
    return INVALID;
  const r = result;
  return r.issues.length === 0 ? r.value : INVALID;
}
function compileChild(doc, ctx, schema, accessor, needsValue = true) {
  const contentLen = doc.content.length;
  const constantCount = ctx.constants.size;
  const constantCounter = ctx.constantCounter;
  const varCounter = ctx.varCounter;
  try {
    return generateCheck(doc, ctx, schema, accessor, needsValue);
  } catch (err2) {
    if (!(err2 instanceof ZodCompileUnsupportedError) || !err2.islandable)
      throw err2;
    doc.content.length = contentLen;
    if (ctx.constants.size > constantCount) {
      const trailing = Array.from(ctx.constants.keys()).slice(constantCount);
      for (const k of trailing)
        ctx.constants.delete(k);
    }
    ctx.constantCounter = constantCounter;
    ctx.varCounter = varCounter;
    return emitRuntimeIsland(doc, ctx, schema, accessor);
  }
}
function emitRuntimeIsland(doc, ctx, schema, accessor) {
  ctx.definite = false;
  const schemaConst = addConstant(ctx, schema);
  const runConst = addConstant(ctx, runtimeRun);
  const outVar = newVar(ctx);
  doc.write(`const ${outVar} = ${runConst}(${schemaConst}, ${accessor});`);
  doc.write(`if (${outVar} === INVALID) return INVALID;`);
  return outVar;
}
var WHEN_DEFAULTED_CHECKS = /* @__PURE__ */ new Set([
  "max_size",
  "min_size",
  "size_equals",
  "max_length",
  "min_length",
  "length_equals"
]);
function generateChecks(doc, ctx, schema, accessor) {
  const schemaChecks = schema._zod.def.checks;
  if (!schemaChecks || schemaChecks.length === 0)
    return accessor;
  let currentAccessor = accessor;
  for (const check2 of schemaChecks) {
    const def = check2._zod.def;
    if (def.when && !WHEN_DEFAULTED_CHECKS.has(def.check)) {
      throw new ZodCompileUnsupportedError(`check with a custom "when" condition`);
    }
    switch (def.check) {
      case "greater_than":
        generateGreaterThanCheck(doc, ctx, def, currentAccessor);
        break;
      case "less_than":
        generateLessThanCheck(doc, ctx, def, currentAccessor);
        break;
      case "multiple_of":
        generateMultipleOfCheck(doc, ctx, def, currentAccessor);
        break;
      case "number_format":
        generateNumberFormatCheck(doc, def, currentAccessor);
        break;
      case "min_length": {
        const min = numericOperand(def.minimum, "min_length");
        const len = codePointLengthVar(doc, ctx, currentAccessor, `${currentAccessor}.length >= ${min} && ${currentAccessor}.length < ${def.minimum * 2}`);
        doc.write(`if (${len} < ${min}) return INVALID;`);
        break;
      }
      case "max_length": {
        const max = numericOperand(def.maximum, "max_length");
        const len = codePointLengthVar(doc, ctx, currentAccessor, `${currentAccessor}.length > ${max}`);
        doc.write(`if (${len} > ${max}) return INVALID;`);
        break;
      }
      case "length_equals": {
        const exact = numericOperand(def.length, "length_equals");
        const len = codePointLengthVar(doc, ctx, currentAccessor, `${currentAccessor}.length >= ${exact} && ${currentAccessor}.length <= ${def.length * 2}`);
        doc.write(`if (${len} !== ${exact}) return INVALID;`);
        break;
      }
      case "min_size":
        doc.write(`if (${currentAccessor}.size < ${numericOperand(def.minimum, "min_size")}) return INVALID;`);
        break;
      case "max_size":
        doc.write(`if (${currentAccessor}.size > ${numericOperand(def.maximum, "max_size")}) return INVALID;`);
        break;
      case "size_equals":
        doc.write(`if (${currentAccessor}.size !== ${numericOperand(def.size, "size_equals")}) return INVALID;`);
        break;
      case "string_format":
        currentAccessor = generateStringFormatCheck(doc, ctx, def, currentAccessor);
        break;
      case "custom":
        currentAccessor = generateCustomRefineCheck(doc, ctx, check2, currentAccessor);
        break;
      case "bigint_format":
        generateBigIntFormatCheck(doc, def, currentAccessor);
        break;
      case "mime_type":
        generateMimeTypeCheck(doc, ctx, def, currentAccessor);
        break;
      case "property":
        generatePropertyCheck(doc, ctx, def, currentAccessor);
        break;
      case "properties":
        generatePropertiesChecks(doc, ctx, def, currentAccessor);
        break;
      case "overwrite": {
        const newAccessor = newVar(ctx);
        generateOverwriteCheck(doc, ctx, check2, currentAccessor, newAccessor);
        currentAccessor = newAccessor;
        break;
      }
      default: {
        void def;
        throw new ZodCompileUnsupportedError(`check type ${def.check}`);
      }
    }
  }
  return currentAccessor;
}
function codePointLengthVar(doc, ctx, accessor, inDoubt) {
  const cpLen = addConstant(ctx, codePointLength);
  const v = newVar(ctx);
  doc.write(`const ${v} = typeof ${accessor} === "string" && ${inDoubt} ? ${cpLen}(${accessor}) : ${accessor}.length;`);
  return v;
}
function numericOperand(value, label) {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new ZodCompileUnsupportedError(`${label} bound of type ${typeof value}`);
  }
  return `${value}`;
}
function comparisonOperand(ctx, value) {
  if (typeof value === "bigint")
    return `${value}n`;
  if (typeof value === "number") {
    if (Number.isNaN(value))
      throw new ZodCompileUnsupportedError("comparison check with NaN bound");
    return `${value}`;
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) {
      throw new ZodCompileUnsupportedError("comparison check with Invalid Date bound");
    }
    return addConstant(ctx, value);
  }
  throw new ZodCompileUnsupportedError(`comparison check bound of type ${typeof value}`);
}
function generateGreaterThanCheck(doc, ctx, def, accessor) {
  const op = def.inclusive ? "<" : "<=";
  doc.write(`if (${accessor} ${op} ${comparisonOperand(ctx, def.value)}) return INVALID;`);
}
function generateLessThanCheck(doc, ctx, def, accessor) {
  const op = def.inclusive ? ">" : ">=";
  doc.write(`if (${accessor} ${op} ${comparisonOperand(ctx, def.value)}) return INVALID;`);
}
function generateMultipleOfCheck(doc, ctx, def, accessor) {
  if (typeof def.value === "bigint") {
    if (def.value === BigInt(0))
      throw new ZodCompileUnsupportedError("multiple_of check with a zero divisor");
    doc.write(`if (${accessor} % ${def.value}n !== 0n) return INVALID;`);
  } else {
    const remainder = addConstant(ctx, floatSafeRemainder);
    doc.write(`if (${remainder}(${accessor}, ${numericOperand(def.value, "multiple_of")}) !== 0) return INVALID;`);
  }
}
function generateNumberFormatCheck(doc, def, accessor) {
  const format = def.format;
  switch (format) {
    case "safeint":
      doc.write(`if (!Number.isSafeInteger(${accessor})) return INVALID;`);
      break;
    case "int32":
      doc.write(`if (!Number.isInteger(${accessor}) || ${accessor} < -2147483648 || ${accessor} > 2147483647) return INVALID;`);
      break;
    case "uint32":
      doc.write(`if (!Number.isInteger(${accessor}) || ${accessor} < 0 || ${accessor} > 4294967295) return INVALID;`);
      break;
    case "float32":
      doc.write(`if (!Number.isFinite(${accessor}) || ${accessor} < -3.4028234663852886e38 || ${accessor} > 3.4028234663852886e38) return INVALID;`);
      break;
    case "float64":
      doc.write(`if (!Number.isFinite(${accessor})) return INVALID;`);
      break;
    default: {
      void format;
      throw new ZodCompileUnsupportedError(`number format ${format}`);
    }
  }
}
function generateBigIntFormatCheck(doc, def, accessor) {
  const format = def.format;
  if (!format)
    return;
  switch (format) {
    case "int64":
      doc.write(`if (${accessor} < -9223372036854775808n || ${accessor} > 9223372036854775807n) return INVALID;`);
      break;
    case "uint64":
      doc.write(`if (${accessor} < 0n || ${accessor} > 18446744073709551615n) return INVALID;`);
      break;
    default: {
      void format;
      throw new ZodCompileUnsupportedError(`bigint format ${format}`);
    }
  }
}
function generateMimeTypeCheck(doc, ctx, def, accessor) {
  const mimeTypes = def.mime;
  if (mimeTypes && mimeTypes.length > 0) {
    const mimeSet = addConstant(ctx, new Set(mimeTypes));
    doc.write(`if (!${mimeSet}.has(${accessor}.type)) return INVALID;`);
  }
}
function generatePropertiesChecks(doc, ctx, def, accessor) {
  if (def.when) {
    throw new ZodCompileUnsupportedError(`check with a custom "when" condition`);
  }
  doc.write(`if (${accessor} == null) return INVALID;`);
  const shape = def.shape;
  for (const key of Reflect.ownKeys(shape)) {
    const keyExpr = typeof key === "symbol" ? addConstant(ctx, key) : esc(key);
    const inputVar = newVar(ctx);
    doc.write(`const ${inputVar} = ${accessor}[${keyExpr}];`);
    compileChild(doc, ctx, shape[key], inputVar, false);
  }
}
function generatePropertyCheck(doc, ctx, def, accessor) {
  const propAccessor = `${accessor}[${JSON.stringify(def.property)}]`;
  generateCheck(doc, ctx, def.schema, propAccessor);
}
function generateOverwriteCheck(doc, ctx, check2, currentAccessor, newAccessor) {
  const tx = check2._zod.def.tx;
  if (!tx) {
    throw new ZodCompileUnsupportedError("overwrite check without a transform function");
  }
  if (isAsyncFunction(tx)) {
    throw new ZodCompileAsyncError("z.compile: async overwrite transforms are not supported");
  }
  const txConst = addConstant(ctx, tx);
  doc.write(`const ${newAccessor} = ${txConst}(${currentAccessor});`);
}
function throwAsync() {
  throw new $ZodAsyncError();
}
function pushIssue(issue2) {
  this.issues.push(issue2);
}
function generateCustomRefineCheck(doc, ctx, check2, accessor) {
  const def = check2._zod.def;
  if (def.fn) {
    if (isAsyncFunction(def.fn)) {
      throw new ZodCompileAsyncError("z.compile: async .refine() predicates are not supported");
    }
    const fnConst = addUserConstant(ctx, def.fn);
    const throwAsyncConst = addConstant(ctx, throwAsync);
    const resVar = newVar(ctx);
    doc.write(`const ${resVar} = ${fnConst}(${accessor});`);
    doc.write(`if (${resVar} instanceof Promise) ${throwAsyncConst}();`);
    doc.write(`if (!${resVar}) return INVALID;`);
    return accessor;
  }
  if (check2._zod.check) {
    if (isAsyncFunction(check2._zod.check)) {
      throw new ZodCompileAsyncError("z.compile: async .superRefine() / check functions are not supported");
    }
    const checkFn = check2._zod.check;
    const helperFn = (value) => {
      const fakePayload = { value, issues: [], addIssue: pushIssue };
      const result = checkFn(fakePayload);
      if (result instanceof Promise)
        throwAsync();
      return fakePayload.issues.length === 0 ? fakePayload.value : INVALID;
    };
    const helperConst = addUserConstant(ctx, helperFn);
    const outVar = newVar(ctx);
    doc.write(`const ${outVar} = ${helperConst}(${accessor});`);
    doc.write(`if (${outVar} === INVALID) return INVALID;`);
    return outVar;
  }
  throw new ZodCompileUnsupportedError("custom check without a predicate or check function");
}
var PATTERN_IS_COMPLETE = /* @__PURE__ */ new Set([
  "cidrv4",
  "cuid",
  "cuid2",
  "date",
  "datetime",
  "duration",
  "e164",
  "email",
  "emoji",
  "ends_with",
  "guid",
  "includes",
  "ipv4",
  "ksuid",
  "lowercase",
  "mac",
  "nanoid",
  "regex",
  "starts_with",
  "time",
  "ulid",
  "uppercase",
  "uuid",
  "xid"
]);
function generateStringFormatCheck(doc, ctx, def, accessor, needsValue = true) {
  const fmt = def.format;
  if (fmt === "base64") {
    const validator = addConstant(ctx, isValidBase64);
    doc.write(`if (!${validator}(${accessor})) return INVALID;`);
    return accessor;
  }
  if (fmt === "base64url") {
    const validator = addConstant(ctx, isValidBase64URL);
    doc.write(`if (!${validator}(${accessor})) return INVALID;`);
    return accessor;
  }
  if (fmt === "jwt") {
    const validator = addConstant(ctx, isValidJWT);
    const alg = addConstant(ctx, def.alg ?? null);
    doc.write(`if (!${validator}(${accessor}, ${alg})) return INVALID;`);
    return accessor;
  }
  if (fmt === "ipv6") {
    const validator = addConstant(ctx, isValidIPv6);
    doc.write(`if (!${validator}(${accessor})) return INVALID;`);
    return accessor;
  }
  if (fmt === "cidrv6") {
    const validator = addConstant(ctx, isValidCIDRv6);
    doc.write(`if (!${validator}(${accessor})) return INVALID;`);
    return accessor;
  }
  if (fmt === "credit_card") {
    const validator = addConstant(ctx, isValidCreditCard);
    doc.write(`if (!${validator}(${accessor})) return INVALID;`);
    return accessor;
  }
  if (fmt === "iban") {
    const validator = addConstant(ctx, isValidIBAN);
    doc.write(`if (!${validator}(${accessor})) return INVALID;`);
    return accessor;
  }
  const formatDef = def;
  if (fmt === "url" || fmt === "httpurl" || formatDef.normalize || formatDef.hostname !== void 0 || formatDef.protocol !== void 0) {
    const parseConst = addConstant(ctx, validateURL);
    const defConst = addConstant(ctx, def);
    const trimVar = newVar(ctx);
    const urlVar = newVar(ctx);
    doc.write(`const ${trimVar} = ${accessor}.trim();`);
    doc.write(`const ${urlVar} = ${parseConst}(${trimVar}, ${defConst});`);
    doc.write(`if (typeof ${urlVar} === "number") return INVALID;`);
    if (formatDef.hostname !== void 0) {
      const hostnameConst = addConstant(ctx, urlHostnameOk);
      doc.write(`if (!${hostnameConst}(${urlVar}, ${defConst}.hostname)) return INVALID;`);
    }
    if (formatDef.protocol !== void 0) {
      const protocolConst = addConstant(ctx, urlProtocolOk);
      doc.write(`if (!${protocolConst}(${urlVar}, ${defConst}.protocol)) return INVALID;`);
    }
    if (!needsValue)
      return null;
    const outputVar = newVar(ctx);
    const outputExpr = formatDef.normalize ? `${urlVar}.href` : `${addConstant(ctx, stripTabAndNewline)}(${trimVar})`;
    doc.write(`const ${outputVar} = ${outputExpr};`);
    return outputVar;
  }
  const customFn = def.fn;
  if (customFn) {
    if (isAsyncFunction(customFn))
      throw new ZodCompileUnsupportedError(`async string format ${fmt}`);
    const fnConst = addConstant(ctx, customFn);
    doc.write(`if (!${fnConst}(${accessor})) return INVALID;`);
    return accessor;
  }
  if (PATTERN_IS_COMPLETE.has(fmt) && def.pattern) {
    const patternConst = addConstant(ctx, def.pattern);
    doc.write(`${patternConst}.lastIndex = 0;`);
    doc.write(`if (!${patternConst}.test(${accessor})) return INVALID;`);
    return accessor;
  }
  const format = def.format;
  switch (format) {
    case "regex":
      throw new ZodCompileUnsupportedError("regex format without a pattern");
    case "lowercase":
      doc.write(`if (${accessor} !== ${accessor}.toLowerCase()) return INVALID;`);
      break;
    case "uppercase":
      doc.write(`if (${accessor} !== ${accessor}.toUpperCase()) return INVALID;`);
      break;
    case "includes":
      doc.write(`if (!${accessor}.includes(${esc(def.includes)})) return INVALID;`);
      break;
    case "starts_with": {
      const prefix = def.prefix;
      doc.write(`if (${accessor}.slice(0, ${prefix.length}) !== ${esc(prefix)}) return INVALID;`);
      break;
    }
    case "ends_with": {
      const suffix = def.suffix;
      doc.write(`if (${accessor}.slice(-${suffix.length}) !== ${esc(suffix)}) return INVALID;`);
      break;
    }
    default: {
      void format;
      throw new ZodCompileUnsupportedError(`string format ${format}`);
    }
  }
  return accessor;
}
function generateCheck(doc, ctx, schema, accessor, needsValue = true) {
  const def = schema._zod.def;
  const type = def.type;
  if (def.coerce) {
    throw new ZodCompileUnsupportedError(`coercion (z.coerce.${type}())`);
  }
  const buildsValue = needsValue || !!def.checks?.length;
  let typeAccessor;
  switch (type) {
    case "string":
      typeAccessor = generateStringCheck(doc, ctx, schema, accessor, buildsValue);
      break;
    case "number":
      typeAccessor = generateNumberCheck(doc, schema, accessor);
      break;
    case "boolean":
      typeAccessor = generateBooleanCheck(doc, accessor);
      break;
    case "bigint":
      typeAccessor = generateBigIntCheck(doc, schema, accessor);
      break;
    case "symbol":
      typeAccessor = generateSymbolCheck(doc, accessor);
      break;
    case "undefined":
      typeAccessor = generateUndefinedCheck(doc, accessor);
      break;
    case "null":
      typeAccessor = generateNullCheck(doc, accessor);
      break;
    case "any":
    case "unknown":
      typeAccessor = accessor;
      break;
    case "never":
      doc.write("return INVALID;");
      typeAccessor = accessor;
      break;
    case "void":
      typeAccessor = generateVoidCheck(doc, accessor);
      break;
    case "nan":
      typeAccessor = generateNaNCheck(doc, accessor);
      break;
    case "date":
      typeAccessor = generateDateCheck(doc, accessor);
      break;
    case "object":
      typeAccessor = generateObjectCheck(doc, ctx, schema, accessor, buildsValue);
      break;
    case "optional":
      typeAccessor = generateOptionalCheck(doc, ctx, schema, accessor, buildsValue);
      break;
    case "nullable":
      typeAccessor = generateNullableCheck(doc, ctx, schema, accessor, buildsValue);
      break;
    case "array":
      typeAccessor = generateArrayCheck(doc, ctx, schema, accessor, buildsValue);
      break;
    case "literal":
      typeAccessor = generateLiteralCheck(doc, ctx, schema, accessor);
      break;
    case "enum":
      typeAccessor = generateEnumCheck(doc, ctx, schema, accessor);
      break;
    case "readonly": {
      const innerOut = generateWrapperCheck(doc, ctx, schema, accessor);
      const frozenVar = newVar(ctx);
      doc.write(`const ${frozenVar} = Object.freeze(${innerOut});`);
      typeAccessor = frozenVar;
      break;
    }
    case "success":
      generateWrapperCheck(doc, ctx, schema, accessor);
      typeAccessor = "true";
      break;
    case "default":
    case "prefault":
      typeAccessor = generateDefaultCheck(doc, ctx, schema, accessor);
      break;
    case "nonoptional":
      typeAccessor = generateNonOptionalCheck(doc, ctx, schema, accessor);
      break;
    case "tuple":
      typeAccessor = generateTupleCheck(doc, ctx, schema, accessor);
      break;
    case "union":
      typeAccessor = generateUnionCheck(doc, ctx, schema, accessor);
      break;
    case "intersection":
      typeAccessor = generateIntersectionCheck(doc, ctx, schema, accessor);
      break;
    case "record":
      typeAccessor = generateRecordCheck(doc, ctx, schema, accessor);
      break;
    case "map":
      typeAccessor = generateMapCheck(doc, ctx, schema, accessor);
      break;
    case "set":
      typeAccessor = generateSetCheck(doc, ctx, schema, accessor);
      break;
    case "file":
      typeAccessor = generateFileCheck(doc, accessor);
      break;
    case "template_literal":
      typeAccessor = generateTemplateLiteralCheck(doc, ctx, schema, accessor);
      break;
    case "lazy":
      typeAccessor = generateLazyCheck(doc, ctx, schema, accessor);
      break;
    case "pipe":
      typeAccessor = generatePipeCheck(doc, ctx, schema, accessor);
      break;
    case "custom":
      typeAccessor = generateCustomCheck(doc, ctx, schema, accessor);
      break;
    case "transform":
      typeAccessor = generateTransformCheck(doc, ctx, schema, accessor);
      break;
    case "catch":
      typeAccessor = generateCatchCheck(doc, ctx, schema, accessor);
      break;
    default: {
      void type;
      throw new ZodCompileUnsupportedError(`schema type ${type}`);
    }
  }
  if (typeAccessor === null)
    return null;
  return generateChecks(doc, ctx, schema, typeAccessor);
}
function generateStringCheck(doc, ctx, schema, accessor, needsValue = true) {
  doc.write(`if (typeof ${accessor} !== "string") return INVALID;`);
  const def = schema._zod.def;
  if (def.format === void 0)
    return accessor;
  return generateStringFormatCheck(doc, ctx, def, accessor, needsValue);
}
function generateNumberCheck(doc, schema, accessor) {
  doc.write(`if (typeof ${accessor} !== "number" || !Number.isFinite(${accessor})) return INVALID;`);
  const def = schema._zod.def;
  if (def.check === "number_format" && def.format) {
    generateNumberFormatCheck(doc, { format: def.format }, accessor);
  }
  return accessor;
}
function generateBooleanCheck(doc, accessor) {
  doc.write(`if (typeof ${accessor} !== "boolean") return INVALID;`);
  return accessor;
}
function generateBigIntCheck(doc, schema, accessor) {
  doc.write(`if (typeof ${accessor} !== "bigint") return INVALID;`);
  const def = schema._zod.def;
  if (def.format) {
    switch (def.format) {
      case "int64":
        doc.write(`if (${accessor} < -9223372036854775808n || ${accessor} > 9223372036854775807n) return INVALID;`);
        break;
      case "uint64":
        doc.write(`if (${accessor} < 0n || ${accessor} > 18446744073709551615n) return INVALID;`);
        break;
    }
  }
  return accessor;
}
function generateSymbolCheck(doc, accessor) {
  doc.write(`if (typeof ${accessor} !== "symbol") return INVALID;`);
  return accessor;
}
function generateUndefinedCheck(doc, accessor) {
  doc.write(`if (${accessor} !== undefined) return INVALID;`);
  return accessor;
}
function generateNullCheck(doc, accessor) {
  doc.write(`if (${accessor} !== null) return INVALID;`);
  return accessor;
}
function generateVoidCheck(doc, accessor) {
  doc.write(`if (${accessor} !== undefined) return INVALID;`);
  return accessor;
}
function generateNaNCheck(doc, accessor) {
  doc.write(`if (typeof ${accessor} !== "number" || !Number.isNaN(${accessor})) return INVALID;`);
  return accessor;
}
function generateDateCheck(doc, accessor) {
  doc.write(`if (!(${accessor} instanceof Date) || Number.isNaN(${accessor}.getTime())) return INVALID;`);
  return accessor;
}
function generateObjectCheck(doc, ctx, schema, accessor, buildsValue = true) {
  const def = schema._zod.def;
  doc.write(`if (typeof ${accessor} !== "object" || ${accessor} === null || Array.isArray(${accessor})) return INVALID;`);
  const shape = def.shape;
  const keys = Object.keys(shape);
  const symbolKeys = Object.getOwnPropertySymbols(shape);
  const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
  const keyExpr = (k) => typeof k === "symbol" ? addConstant(ctx, k) : esc(k);
  const propKey = (k) => typeof k === "symbol" ? `[${keyExpr(k)}]` : esc(k);
  const propShape = shape;
  if (keys.includes("__proto__")) {
    throw new ZodCompileUnsupportedError('object shape key "__proto__"');
  }
  const propOutputs = /* @__PURE__ */ new Map();
  for (const key of allKeys) {
    const propSchema = propShape[key];
    const kx = keyExpr(key);
    const inputVar = newVar(ctx);
    doc.write(`const ${inputVar} = ${accessor}[${kx}];`);
    if (propSchema._zod.optin !== void 0) {
      const outputVar2 = newVar(ctx);
      doc.write(`let ${outputVar2} = (() => {`);
      doc.indented((d) => {
        const outputAccessor = compileChild(d, ctx, propSchema, inputVar);
        d.write(`return ${outputAccessor};`);
      });
      doc.write(`})();`);
      if (propSchema._zod.optout === "optional") {
        doc.write(`if (${outputVar2} === INVALID) {`);
        doc.indented((d) => {
          d.write(`if (${kx} in ${accessor}) return INVALID;`);
          d.write(`${outputVar2} = undefined;`);
        });
        doc.write(`}`);
      } else {
        doc.write(`if (${outputVar2} === INVALID) return INVALID;`);
      }
      propOutputs.set(key, outputVar2);
    } else {
      if (requiresPresenceCheck(propSchema)) {
        doc.write(`if (!(${kx} in ${accessor})) return INVALID;`);
      }
      const outputAccessor = compileChild(doc, ctx, propSchema, inputVar, buildsValue);
      if (outputAccessor !== null)
        propOutputs.set(key, outputAccessor);
    }
  }
  const catchall = def.catchall;
  let unknownKeysMode = "none";
  if (catchall) {
    const catchallType = catchall._zod.def.type;
    if (catchallType === "never") {
      const condition = keys.map((k) => `k !== ${esc(k)}`).join(" && ") || "true";
      doc.write(`for (const k in ${accessor}) {`);
      doc.indented((d) => {
        d.write(`if (${condition}) return INVALID;`);
      });
      doc.write(`}`);
    } else if ((catchallType === "unknown" || catchallType === "any") && !catchall._zod.def.checks?.length) {
      unknownKeysMode = "passthrough";
    } else {
      unknownKeysMode = "schema";
    }
  }
  const outputVar = newVar(ctx);
  const hasConditionalKeys = allKeys.some((k) => mayOmitUndefined(propShape[k]) || dropsWhenAbsent(propShape[k]));
  if (!buildsValue) {
    if (unknownKeysMode === "schema") {
      const knownSet = keys.length > 0 ? addConstant(ctx, new Set(keys)) : null;
      doc.write(`for (const k in ${accessor}) {`);
      doc.indented((d) => {
        d.write(`if (k === "__proto__") continue;`);
        if (knownSet)
          d.write(`if (${knownSet}.has(k)) continue;`);
        const valVar = newVar(ctx);
        d.write(`const ${valVar} = ${accessor}[k];`);
        compileChild(d, ctx, catchall, valVar, false);
      });
      doc.write(`}`);
    }
    return null;
  }
  if (!hasConditionalKeys) {
    const propLiterals = allKeys.map((k) => `${propKey(k)}: ${propOutputs.get(k)}`).join(", ");
    doc.write(`const ${outputVar} = { ${propLiterals} };`);
  } else {
    doc.write(`const ${outputVar} = {};`);
    for (const k of allKeys) {
      const kx = keyExpr(k);
      const out = propOutputs.get(k);
      if (dropsWhenAbsent(propShape[k])) {
        doc.write(`if (${kx} in ${accessor}) ${outputVar}[${kx}] = ${out};`);
      } else if (mayOmitUndefined(propShape[k])) {
        doc.write(`if (${out} !== undefined || ${kx} in ${accessor}) ${outputVar}[${kx}] = ${out};`);
      } else {
        doc.write(`${outputVar}[${kx}] = ${out};`);
      }
    }
  }
  if (unknownKeysMode !== "none") {
    const knownSet = keys.length > 0 ? addConstant(ctx, new Set(keys)) : null;
    doc.write(`for (const k in ${accessor}) {`);
    doc.indented((d) => {
      d.write(`if (k === "__proto__") continue;`);
      if (knownSet)
        d.write(`if (${knownSet}.has(k)) continue;`);
      if (unknownKeysMode === "passthrough") {
        d.write(`${outputVar}[k] = ${accessor}[k];`);
      } else {
        const valVar = newVar(ctx);
        d.write(`const ${valVar} = ${accessor}[k];`);
        const catchallOut = compileChild(d, ctx, catchall, valVar);
        d.write(`${outputVar}[k] = ${catchallOut};`);
      }
    });
    doc.write(`}`);
  }
  return outputVar;
}
function generateOptionalCheck(doc, ctx, schema, accessor, buildsValue = true) {
  const def = schema._zod.def;
  if (isExactOptional(schema)) {
    return generateCheck(doc, ctx, def.innerType, accessor, buildsValue);
  }
  if (def.innerType._zod.optin === "defaulted") {
    const outputVar2 = newVar(ctx);
    const branchVar = newVar(ctx);
    doc.write(`let ${outputVar2};`);
    doc.write(`if (${accessor} === undefined) {`);
    doc.indented((d) => {
      d.write(`const ${branchVar} = (() => {`);
      d.indented((d2) => {
        const innerOutput = generateCheck(d2, ctx, def.innerType, accessor);
        d2.write(`return ${innerOutput};`);
      });
      d.write(`})();`);
      d.write(`if (${branchVar} !== INVALID) ${outputVar2} = ${branchVar};`);
    });
    doc.write(`} else {`);
    doc.indented((d) => {
      const innerOutput = generateCheck(d, ctx, def.innerType, accessor);
      d.write(`${outputVar2} = ${innerOutput};`);
    });
    doc.write(`}`);
    return outputVar2;
  }
  const outputVar = buildsValue ? newVar(ctx) : null;
  if (outputVar)
    doc.write(`let ${outputVar};`);
  doc.write(`if (${accessor} !== undefined) {`);
  doc.indented((d) => {
    const innerOutput = generateCheck(d, ctx, def.innerType, accessor, buildsValue);
    if (outputVar && innerOutput !== null)
      d.write(`${outputVar} = ${innerOutput};`);
  });
  doc.write(`}`);
  return outputVar;
}
function isExactOptional(schema) {
  return schema._zod.traits?.has("$ZodExactOptional") === true;
}
function requiresPresenceCheck(schema) {
  return schema._zod.optin === void 0 && fastPathAcceptsAbsence(schema);
}
function fastPathAcceptsAbsence(schema) {
  if (schema._zod.def.coerce)
    return true;
  const def = schema._zod.def;
  switch (def.type) {
    case "any":
    case "unknown":
    case "undefined":
    case "void":
    case "default":
    case "prefault":
    case "transform":
    case "custom":
    case "lazy":
      return true;
    case "string":
    case "number":
    case "boolean":
    case "bigint":
    case "symbol":
    case "null":
    case "never":
    case "nan":
    case "date":
    case "object":
    case "array":
    case "tuple":
    case "record":
    case "map":
    case "set":
    case "file":
    case "template_literal":
      return false;
    case "nonoptional":
      return def.innerType ? fastPathAcceptsAbsence(def.innerType) : false;
    case "literal":
      return !!def.values?.includes(void 0);
    case "enum":
      return !!schema._zod.values?.has(void 0);
    case "optional":
    case "nullable":
    case "readonly":
    case "success":
      return def.innerType ? fastPathAcceptsAbsence(def.innerType) : true;
    case "catch":
      return true;
    case "union":
      return def.options ? def.options.some(fastPathAcceptsAbsence) : true;
    case "intersection":
      if (!def.left || !def.right)
        return true;
      return fastPathAcceptsAbsence(def.left) && fastPathAcceptsAbsence(def.right);
    case "pipe":
      return def.in ? fastPathAcceptsAbsence(def.in) : true;
    default:
      return true;
  }
}
function dropsWhenAbsent(schema) {
  return schema._zod.optin === "optional" && schema._zod.optout === "optional";
}
function mayOmitUndefined(schema) {
  return (schema._zod.optin !== "defaulted" || schema._zod.optout === "optional") && mayOutputUndefined(schema);
}
function mayOutputUndefined(schema) {
  const def = schema._zod.def;
  switch (def.type) {
    case "string":
    case "number":
    case "boolean":
    case "bigint":
    case "symbol":
    case "null":
    case "nan":
    case "date":
    case "object":
    case "array":
    case "tuple":
    case "record":
    case "map":
    case "set":
    case "file":
    case "template_literal":
    case "never":
    case "success":
      return false;
    case "literal":
      return !!def.values?.includes(void 0);
    case "enum":
      return !!schema._zod.values?.has(void 0);
    case "optional":
      return true;
    case "nullable":
    case "readonly":
    case "nonoptional":
      return def.innerType ? mayOutputUndefined(def.innerType) : true;
    case "union":
      return def.options ? def.options.some(mayOutputUndefined) : true;
    case "intersection":
      return !def.left || !def.right || mayOutputUndefined(def.left) || mayOutputUndefined(def.right);
    case "pipe":
      return def.out ? mayOutputUndefined(def.out) : true;
    default:
      return true;
  }
}
function generateNullableCheck(doc, ctx, schema, accessor, buildsValue = true) {
  const def = schema._zod.def;
  const outputVar = buildsValue ? newVar(ctx) : null;
  if (outputVar)
    doc.write(`let ${outputVar} = null;`);
  doc.write(`if (${accessor} !== null) {`);
  doc.indented((d) => {
    const innerOutput = generateCheck(d, ctx, def.innerType, accessor, buildsValue);
    if (outputVar && innerOutput !== null)
      d.write(`${outputVar} = ${innerOutput};`);
  });
  doc.write(`}`);
  return outputVar;
}
function generateSizeGate(doc, schema, size) {
  for (const [max, check2] of sizeCaps(schema._zod.def.checks)) {
    doc.write(`if (${size} > ${numericOperand(max, check2._zod.def.check)}) return INVALID;`);
  }
}
function generateArrayCheck(doc, ctx, schema, accessor, buildsValue = true) {
  const def = schema._zod.def;
  doc.write(`if (!Array.isArray(${accessor})) return INVALID;`);
  generateSizeGate(doc, schema, `${accessor}.length`);
  const outputVar = buildsValue ? newVar(ctx) : null;
  const iVar = newVar(ctx);
  const elemVar = newVar(ctx);
  if (outputVar)
    doc.write(`const ${outputVar} = new Array(${accessor}.length);`);
  doc.write(`for (let ${iVar} = 0; ${iVar} < ${accessor}.length; ${iVar}++) {`);
  doc.indented((d) => {
    d.write(`const ${elemVar} = ${accessor}[${iVar}];`);
    const elemOutput = compileChild(d, ctx, def.element, elemVar, buildsValue);
    if (outputVar && elemOutput !== null)
      d.write(`${outputVar}[${iVar}] = ${elemOutput};`);
  });
  doc.write(`}`);
  return outputVar;
}
function generateLiteralCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  const values = def.values;
  if (values.length !== 1) {
    const literalSet = addConstant(ctx, new Set(values));
    doc.write(`if (!${literalSet}.has(${accessor})) return INVALID;`);
    return accessor;
  }
  const value = values[0];
  if (typeof value === "number" && Number.isNaN(value)) {
    const literalSet = addConstant(ctx, new Set(values));
    doc.write(`if (!${literalSet}.has(${accessor})) return INVALID;`);
    return accessor;
  }
  if (typeof value === "string") {
    doc.write(`if (${accessor} !== ${esc(value)}) return INVALID;`);
  } else if (typeof value === "number" || typeof value === "boolean") {
    doc.write(`if (${accessor} !== ${value}) return INVALID;`);
  } else if (value === null) {
    doc.write(`if (${accessor} !== null) return INVALID;`);
  } else if (value === void 0) {
    doc.write(`if (${accessor} !== undefined) return INVALID;`);
  } else if (typeof value === "bigint") {
    doc.write(`if (${accessor} !== ${value}n) return INVALID;`);
  } else {
    throw new ZodCompileUnsupportedError(`literal type ${typeof value}`);
  }
  return accessor;
}
function generateEnumCheck(doc, ctx, schema, accessor) {
  const values = schema._zod.values;
  if (!values) {
    throw new ZodCompileUnsupportedError("enum schema without enumerated values");
  }
  const enumSet = addConstant(ctx, values);
  doc.write(`if (!${enumSet}.has(${accessor})) return INVALID;`);
  return accessor;
}
function generateWrapperCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  return generateCheck(doc, ctx, def.innerType, accessor);
}
function generateDefaultCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  const descriptor = Object.getOwnPropertyDescriptor(schema._zod.def, "defaultValue");
  const defaultGetter = descriptor ? () => schema._zod.def.defaultValue : void 0;
  if (schema._zod.def.type === "prefault") {
    if (!defaultGetter) {
      return generateCheck(doc, ctx, def.innerType, accessor);
    }
    const defaultFn = addConstant(ctx, defaultGetter);
    const inputVar = newVar(ctx);
    doc.write(`let ${inputVar} = ${accessor};`);
    doc.write(`if (${accessor} === undefined) ${inputVar} = ${defaultFn}();`);
    return generateCheck(doc, ctx, def.innerType, inputVar);
  }
  const outputVar = newVar(ctx);
  if (defaultGetter) {
    const defaultFn = addConstant(ctx, defaultGetter);
    const cloneFn = addConstant(ctx, shallowClone);
    doc.write(`let ${outputVar};`);
    doc.write(`if (${accessor} === undefined) {`);
    doc.indented((d) => {
      d.write(`${outputVar} = ${cloneFn}(${defaultFn}());`);
    });
    doc.write(`} else {`);
    doc.indented((d) => {
      const innerOutput = generateCheck(d, ctx, def.innerType, accessor);
      d.write(`${outputVar} = ${innerOutput} === undefined ? ${cloneFn}(${defaultFn}()) : ${innerOutput};`);
    });
    doc.write(`}`);
  } else {
    doc.write(`let ${outputVar};`);
    doc.write(`if (${accessor} !== undefined) {`);
    doc.indented((d) => {
      const innerOutput = generateCheck(d, ctx, def.innerType, accessor);
      d.write(`${outputVar} = ${innerOutput};`);
    });
    doc.write(`}`);
  }
  return outputVar;
}
function generateNonOptionalCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  const innerOutput = generateCheck(doc, ctx, def.innerType, accessor);
  const outputVar = newVar(ctx);
  doc.write(`const ${outputVar} = ${innerOutput};`);
  doc.write(`if (${outputVar} === undefined) return INVALID;`);
  return outputVar;
}
function generateTupleCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  const items = def.items;
  const rest = def.rest;
  doc.write(`if (!Array.isArray(${accessor})) return INVALID;`);
  const optinStart = getTupleOptStart2(items, "optin");
  const optoutStart = getTupleOptStart2(items, "optout");
  if (rest) {
    doc.write(`if (${accessor}.length < ${optinStart}) return INVALID;`);
  } else {
    doc.write(`if (${accessor}.length < ${optinStart} || ${accessor}.length > ${items.length}) return INVALID;`);
  }
  const outputVar = newVar(ctx);
  doc.write(`const ${outputVar} = [];`);
  for (let i = 0; i < items.length; i++) {
    const itemSchema = items[i];
    if (i >= optoutStart) {
      doc.write(`if (${outputVar}.length === ${i}) {`);
      doc.indented((d) => {
        d.write(`if (${i} < ${accessor}.length) {`);
        d.indented((d2) => {
          const elemVar = newVar(ctx);
          d2.write(`const ${elemVar} = ${accessor}[${i}];`);
          const elemOutput = compileChild(d2, ctx, itemSchema, elemVar);
          d2.write(`${outputVar}[${i}] = ${elemOutput};`);
        });
        d.write(`} else {`);
        d.indented((d2) => {
          if (dropsWhenAbsent(itemSchema)) {
            d2.write(`${outputVar}.length = ${i};`);
            return;
          }
          const elemVar = newVar(ctx);
          const branchVar = newVar(ctx);
          d2.write(`const ${elemVar} = undefined;`);
          d2.write(`const ${branchVar} = (() => {`);
          d2.indented((d3) => {
            const elemOutput = compileChild(d3, ctx, itemSchema, elemVar);
            d3.write(`return ${elemOutput};`);
          });
          d2.write(`})();`);
          d2.write(`if (${branchVar} === INVALID || ${branchVar} === undefined) ${outputVar}.length = ${i};`);
          d2.write(`else ${outputVar}[${i}] = ${branchVar};`);
        });
        d.write(`}`);
      });
      doc.write(`}`);
    } else {
      const elemVar = newVar(ctx);
      doc.write(`const ${elemVar} = ${accessor}[${i}];`);
      const elemOutput = compileChild(doc, ctx, itemSchema, elemVar);
      doc.write(`${outputVar}[${i}] = ${elemOutput};`);
    }
  }
  if (rest) {
    const iVar = newVar(ctx);
    const elemVar = newVar(ctx);
    doc.write(`for (let ${iVar} = ${items.length}; ${iVar} < ${accessor}.length; ${iVar}++) {`);
    doc.indented((d) => {
      d.write(`const ${elemVar} = ${accessor}[${iVar}];`);
      const elemOutput = compileChild(d, ctx, rest, elemVar);
      d.write(`${outputVar}[${iVar}] = ${elemOutput};`);
    });
    doc.write(`}`);
  }
  return outputVar;
}
function getTupleOptStart2(items, key) {
  for (let i = items.length - 1; i >= 0; i--) {
    const omittable = key === "optin" ? items[i]._zod.optin !== void 0 : items[i]._zod.optout === "optional";
    if (!omittable)
      return i + 1;
  }
  return 0;
}
function generateUnionCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  const options = def.options;
  if (def.discriminator) {
    return generateDiscriminatedUnionCheck(doc, ctx, def, accessor);
  }
  if (def.inclusive === false) {
    throw new ZodCompileUnsupportedError("exclusive unions (z.xor)");
  }
  if (options.length === 0) {
    doc.write("return INVALID;");
    return accessor;
  }
  if (options.length === 1) {
    return generateCheck(doc, ctx, options[0], accessor);
  }
  const allLiterals = options.every((opt) => opt._zod.def.type === "literal" && !opt._zod.def.checks?.length);
  if (allLiterals) {
    const values = new Set(options.flatMap((opt) => opt._zod.def.values));
    const valuesConst = addConstant(ctx, values);
    doc.write(`if (!${valuesConst}.has(${accessor})) return INVALID;`);
    return accessor;
  }
  const outputVar = newVar(ctx);
  doc.write(`let ${outputVar};`);
  for (let i = 0; i < options.length; i++) {
    const opt = options[i];
    if (i === 0) {
      doc.write(`${outputVar} = (() => {`);
    } else {
      doc.write(`if (${outputVar} === INVALID) ${outputVar} = (() => {`);
    }
    doc.indented((d) => {
      const branchOutput = generateCheck(d, ctx, opt, accessor);
      d.write(`return ${branchOutput};`);
    });
    doc.write(`})();`);
  }
  doc.write(`if (${outputVar} === INVALID) return INVALID;`);
  return outputVar;
}
function generateDiscriminatedUnionCheck(doc, ctx, def, accessor) {
  if (def.unionFallback) {
    throw new ZodCompileUnsupportedError("discriminated union with unionFallback");
  }
  if (def.options.length === 0) {
    doc.write("return INVALID;");
    return accessor;
  }
  const discVar = newVar(ctx);
  const outputVar = newVar(ctx);
  doc.write(`const ${discVar} = ${accessor}?.[${esc(def.discriminator)}];`);
  doc.write(`let ${outputVar};`);
  let firstBranch = true;
  const claimed = /* @__PURE__ */ new Set();
  for (const option of def.options) {
    const values = option._zod.propValues?.[def.discriminator];
    if (!values || values.size === 0) {
      throw new ZodCompileUnsupportedError("discriminated union option without static discriminator values");
    }
    for (const value of values) {
      if (claimed.has(value)) {
        throw new ZodCompileUnsupportedError(`duplicate discriminator value ${String(value)}`);
      }
      claimed.add(value);
    }
    const conditions = Array.from(values, (value) => literalEquality(ctx, discVar, value));
    const prefix = firstBranch ? "if" : "else if";
    doc.write(`${prefix} (${conditions.join(" || ")}) {`);
    doc.indented((d) => {
      const branchOutput = generateCheck(d, ctx, option, accessor);
      d.write(`${outputVar} = ${branchOutput};`);
    });
    doc.write(`}`);
    firstBranch = false;
  }
  doc.write(`else { return INVALID; }`);
  return outputVar;
}
function literalEquality(ctx, accessor, value) {
  if (typeof value === "string")
    return `${accessor} === ${esc(value)}`;
  if (typeof value === "number") {
    if (Number.isNaN(value))
      return `Number.isNaN(${accessor})`;
    return `${accessor} === ${value}`;
  }
  if (typeof value === "boolean")
    return `${accessor} === ${value}`;
  if (value === null)
    return `${accessor} === null`;
  if (value === void 0)
    return `${accessor} === undefined`;
  if (typeof value === "bigint")
    return `${accessor} === ${value}n`;
  if (typeof value === "symbol") {
    const symbolConst = addConstant(ctx, value);
    return `${accessor} === ${symbolConst}`;
  }
  throw new ZodCompileUnsupportedError(`literal discriminator value ${String(value)}`);
}
function generateIntersectionCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  ctx.definite = false;
  const leftOutput = compileChild(doc, ctx, def.left, accessor);
  const rightOutput = compileChild(doc, ctx, def.right, accessor);
  const mergeConst = addConstant(ctx, mergeValues);
  const mergedVar = newVar(ctx);
  doc.write(`const ${mergedVar} = ${mergeConst}(${leftOutput}, ${rightOutput});`);
  doc.write(`if (!${mergedVar}.valid) return INVALID;`);
  return `${mergedVar}.data`;
}
function generateRecordCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  const isPlainObjectConst = addConstant(ctx, isPlainObject);
  doc.write(`if (!${isPlainObjectConst}(${accessor})) return INVALID;`);
  const outputVar = newVar(ctx);
  const kVar = newVar(ctx);
  const valVar = newVar(ctx);
  doc.write(`const ${outputVar} = {};`);
  const recordDef = def;
  const keyValues = recordDef.partial ? void 0 : def.keyType._zod.values;
  if (keyValues) {
    const inputKeys = [];
    for (const key of keyValues) {
      if (!(typeof key === "string" || typeof key === "number" || typeof key === "symbol")) {
        throw new ZodCompileUnsupportedError(`record key value ${String(key)}`);
      }
      const inputKey = typeof key === "number" ? key.toString() : key;
      if (inputKey === "__proto__") {
        throw new ZodCompileUnsupportedError('record key "__proto__"');
      }
      inputKeys.push(inputKey);
      const keyConst = addConstant(ctx, key);
      const outKey = generateCheck(doc, ctx, def.keyType, keyConst);
      const valueVar = newVar(ctx);
      doc.write(`const ${valueVar} = ${accessor}[${literalPropertyKey(ctx, inputKey)}];`);
      const valOutput = compileChild(doc, ctx, def.valueType, valueVar);
      doc.write(`${outputVar}[${outKey}] = ${valOutput};`);
    }
    const knownKeysConst = addConstant(ctx, new Set(inputKeys));
    doc.write(`for (const ${kVar} in ${accessor}) {`);
    doc.indented((d) => {
      d.write(`if (${knownKeysConst}.has(${kVar})) continue;`);
      if (recordDef.mode === "loose") {
        d.write(`if (${kVar} !== "__proto__") ${outputVar}[${kVar}] = ${accessor}[${kVar}];`);
      } else {
        d.write(`return INVALID;`);
      }
    });
    doc.write(`}`);
    return outputVar;
  }
  const keyDef = def.keyType._zod.def;
  const keyIsBareString = keyDef.type === "string" && keyDef.format === void 0 && !keyDef.coerce && (keyDef.checks?.length ?? 0) === 0;
  if (!keyIsBareString) {
    const isLoose = def.mode === "loose";
    const keyFn = compileFn(def.keyType);
    if (keyFn.definite === false)
      ctx.definite = false;
    const keyFast = addConstant(ctx, keyFn);
    const numericConst = addConstant(ctx, number);
    const outKeyVar = newVar(ctx);
    emitOwnKeys(doc, ctx, accessor, kVar, (d) => {
      d.write(`let ${outKeyVar} = ${keyFast}(${kVar});`);
      d.write(`if (${outKeyVar} === INVALID && typeof ${kVar} === "string" && ${numericConst}.test(${kVar})) ${outKeyVar} = ${keyFast}(Number(${kVar}));`);
      if (isLoose) {
        d.write(`if (${outKeyVar} === INVALID) { ${outputVar}[${kVar}] = ${accessor}[${kVar}]; continue; }`);
      } else {
        d.write(`if (${outKeyVar} === INVALID) return INVALID;`);
      }
      d.write(`if (${outKeyVar} === "__proto__") continue;`);
      const valueVar = newVar(ctx);
      d.write(`const ${valueVar} = ${accessor}[${kVar}];`);
      const valOutput = compileChild(d, ctx, def.valueType, valueVar);
      d.write(`${outputVar}[${outKeyVar}] = ${valOutput};`);
    });
    return outputVar;
  }
  emitOwnKeys(doc, ctx, accessor, kVar, (d) => {
    d.write(`const ${valVar} = ${accessor}[${kVar}];`);
    const valOutput = compileChild(d, ctx, def.valueType, valVar);
    d.write(`${outputVar}[${kVar}] = ${valOutput};`);
  }, `return INVALID;`);
  return outputVar;
}
function emitOwnKeys(doc, ctx, accessor, kVar, body, onSymbol) {
  const propIsEnumerableConst = addConstant(ctx, Object.prototype.propertyIsEnumerable);
  const symsVar = newVar(ctx);
  const keysVar = newVar(ctx);
  const iVar = newVar(ctx);
  doc.write(`const ${symsVar} = Object.getOwnPropertySymbols(${accessor});`);
  doc.write(`const ${keysVar} = Object.getOwnPropertyNames(${accessor});`);
  doc.write(`for (let ${iVar} = 0; ${iVar} < ${keysVar}.length; ${iVar}++) {`);
  doc.indented((d) => {
    d.write(`const ${kVar} = ${keysVar}[${iVar}];`);
    d.write(`if (${kVar} === "__proto__" || !${propIsEnumerableConst}.call(${accessor}, ${kVar})) continue;`);
    body(d);
  });
  doc.write(`}`);
  doc.write(`for (let ${iVar} = 0; ${iVar} < ${symsVar}.length; ${iVar}++) {`);
  doc.indented((d) => {
    d.write(`const ${kVar} = ${symsVar}[${iVar}];`);
    d.write(`if (!${propIsEnumerableConst}.call(${accessor}, ${kVar})) continue;`);
    if (onSymbol)
      d.write(onSymbol);
    else
      body(d);
  });
  doc.write(`}`);
}
function literalPropertyKey(ctx, key) {
  if (typeof key === "string")
    return esc(key);
  return addConstant(ctx, key);
}
function generateMapCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  doc.write(`if (!(${accessor} instanceof Map)) return INVALID;`);
  generateSizeGate(doc, schema, `${accessor}.size`);
  const outputVar = newVar(ctx);
  const kVar = newVar(ctx);
  const valVar = newVar(ctx);
  doc.write(`const ${outputVar} = new Map();`);
  doc.write(`for (const [${kVar}, ${valVar}] of ${accessor}) {`);
  doc.indented((d) => {
    const keyOutput = generateCheck(d, ctx, def.keyType, kVar);
    const valOutput = generateCheck(d, ctx, def.valueType, valVar);
    d.write(`${outputVar}.set(${keyOutput}, ${valOutput});`);
  });
  doc.write(`}`);
  return outputVar;
}
function generateSetCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  doc.write(`if (!(${accessor} instanceof Set)) return INVALID;`);
  generateSizeGate(doc, schema, `${accessor}.size`);
  const outputVar = newVar(ctx);
  const valVar = newVar(ctx);
  doc.write(`const ${outputVar} = new Set();`);
  doc.write(`for (const ${valVar} of ${accessor}) {`);
  doc.indented((d) => {
    const valOutput = generateCheck(d, ctx, def.valueType, valVar);
    d.write(`${outputVar}.add(${valOutput});`);
  });
  doc.write(`}`);
  return outputVar;
}
function generateFileCheck(doc, accessor) {
  doc.write(`if (!(${accessor} instanceof File)) return INVALID;`);
  return accessor;
}
function generateTemplateLiteralCheck(doc, ctx, schema, accessor) {
  doc.write(`if (typeof ${accessor} !== "string") return INVALID;`);
  const pattern = schema._zod.pattern;
  if (pattern) {
    const patternConst = addConstant(ctx, pattern);
    doc.write(`${patternConst}.lastIndex = 0;`);
    doc.write(`if (!${patternConst}.test(${accessor})) return INVALID;`);
  }
  return accessor;
}
function generateLazyCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  const getterConst = addUserConstant(ctx, def.getter);
  const cacheConst = addConstant(ctx, { parser: null });
  doc.write(`if (!${cacheConst}.parser) {`);
  doc.indented((d) => {
    d.write(`const inner = ${getterConst}();`);
    d.write(`${cacheConst}.parser = function(input) {`);
    d.indented((d2) => {
      d2.write(`const result = inner._zod.run({ value: input, issues: [] }, {});`);
      d2.write(`return result.issues.length === 0 ? result.value : INVALID;`);
    });
    d.write(`};`);
  });
  doc.write(`}`);
  const outputVar = newVar(ctx);
  doc.write(`const ${outputVar} = ${cacheConst}.parser(${accessor});`);
  doc.write(`if (${outputVar} === INVALID) return INVALID;`);
  return outputVar;
}
function generatePipeCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  const inputOutput = generateCheck(doc, ctx, def.in, accessor);
  if (def.transform) {
    if (isAsyncFunction(def.transform)) {
      throw new ZodCompileAsyncError("z.compile: async transforms in pipes are not supported");
    }
    const transformFn = def.transform;
    const helperFn = (value) => {
      const fakePayload = { value, issues: [], addIssue: pushIssue };
      const result = transformFn(value, fakePayload);
      if (result instanceof Promise)
        return INVALID;
      return fakePayload.issues.length === 0 ? result : INVALID;
    };
    const helperConst = addUserConstant(ctx, helperFn);
    const transformedVar = newVar(ctx);
    doc.write(`const ${transformedVar} = ${helperConst}(${inputOutput});`);
    doc.write(`if (${transformedVar} === INVALID) return INVALID;`);
    return generateCheck(doc, ctx, def.out, transformedVar);
  } else {
    return generateCheck(doc, ctx, def.out, inputOutput);
  }
}
function isAsyncFunction(fn) {
  return typeof fn === "function" && (fn.constructor.name === "AsyncFunction" || fn[Symbol.toStringTag] === "AsyncFunction");
}
function generateCustomCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  if (def.fn) {
    if (isAsyncFunction(def.fn)) {
      throw new ZodCompileAsyncError("z.compile: async custom predicates are not supported");
    }
    const fnConst = addUserConstant(ctx, def.fn);
    const throwAsyncConst = addConstant(ctx, throwAsync);
    const resVar = newVar(ctx);
    doc.write(`const ${resVar} = ${fnConst}(${accessor});`);
    doc.write(`if (${resVar} instanceof Promise) ${throwAsyncConst}();`);
    doc.write(`if (!${resVar}) return INVALID;`);
  } else {
    throw new ZodCompileUnsupportedError("custom schema without a predicate function");
  }
  return accessor;
}
function runtimeCatch(innerSchema, catchValue, value) {
  const result = innerSchema._zod.run({ value, issues: [] }, {});
  if (result && typeof result.then === "function")
    return INVALID;
  const r = result;
  if (r.issues.length === 0)
    return r.value;
  return catchValue();
}
function generateCatchCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  if (!def.catchValue[CONSTANT_CATCH]) {
    throw new ZodCompileUnsupportedError("catch with a callback (only a constant catch value compiles)", false);
  }
  const outputVar = newVar(ctx);
  doc.write(`let ${outputVar} = (() => {`);
  doc.indented((d) => {
    const innerOut = compileChild(d, ctx, def.innerType, accessor);
    d.write(`return ${innerOut};`);
  });
  doc.write(`})();`);
  const innerConst = addConstant(ctx, def.innerType);
  const catchConst = addUserConstant(ctx, def.catchValue);
  const catchHelperConst = addConstant(ctx, runtimeCatch);
  doc.write(`if (${outputVar} === INVALID) {`);
  doc.indented((d) => {
    d.write(`${outputVar} = ${catchHelperConst}(${innerConst}, ${catchConst}, ${accessor});`);
    d.write(`if (${outputVar} === INVALID) return INVALID;`);
  });
  doc.write(`}`);
  return outputVar;
}
function generateTransformCheck(doc, ctx, schema, accessor) {
  const def = schema._zod.def;
  if (def.transform) {
    if (isAsyncFunction(def.transform)) {
      throw new ZodCompileAsyncError("z.compile: async transforms are not supported");
    }
    const transformFn = def.transform;
    const helperFn = (value) => {
      const fakePayload = { value, issues: [], addIssue: pushIssue };
      const result = transformFn(value, fakePayload);
      if (result instanceof Promise)
        return INVALID;
      return fakePayload.issues.length === 0 ? result : INVALID;
    };
    const helperConst = addUserConstant(ctx, helperFn);
    const outputVar = newVar(ctx);
    doc.write(`const ${outputVar} = ${helperConst}(${accessor});`);
    doc.write(`if (${outputVar} === INVALID) return INVALID;`);
    return outputVar;
  }
  return accessor;
}

// node_modules/zod/v4/core/api.js
function snapshotChecks(def) {
  if (def.checks)
    def.checks = [...def.checks];
  return def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class2, params) {
  return new Class2(snapshotChecks({ type: "string", ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _coercedString(Class2, params) {
  return new Class2(snapshotChecks({ type: "string", coerce: true, ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _email(Class2, params) {
  return new Class2({
    type: "string",
    format: "email",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _guid(Class2, params) {
  return new Class2({
    type: "string",
    format: "guid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    version: "v4",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    version: "v6",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv7(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    version: "v7",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _url(Class2, params) {
  return new Class2({
    type: "string",
    format: "url",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _emoji2(Class2, params) {
  return new Class2({
    type: "string",
    format: "emoji",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _nanoid(Class2, params) {
  return new Class2({
    type: "string",
    format: "nanoid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "cuid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cuid2(Class2, params) {
  return new Class2({
    type: "string",
    format: "cuid2",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ulid(Class2, params) {
  return new Class2({
    type: "string",
    format: "ulid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _xid(Class2, params) {
  return new Class2({
    type: "string",
    format: "xid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ksuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "ksuid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ipv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "ipv4",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ipv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "ipv6",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _mac(Class2, params) {
  return new Class2({
    type: "string",
    format: "mac",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cidrv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "cidrv4",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cidrv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "cidrv6",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _base64(Class2, params) {
  return new Class2({
    type: "string",
    format: "base64",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _base64url(Class2, params) {
  return new Class2({
    type: "string",
    format: "base64url",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _e164(Class2, params) {
  return new Class2({
    type: "string",
    format: "e164",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _creditCard(Class2, params) {
  return new Class2({
    type: "string",
    format: "credit_card",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _iban(Class2, params) {
  return new Class2({
    type: "string",
    format: "iban",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _jwt(Class2, params) {
  return new Class2({
    type: "string",
    format: "jwt",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
var TimePrecision = {
  Any: null,
  Minute: -1,
  Second: 0,
  Millisecond: 3,
  Microsecond: 6
};
// @__NO_SIDE_EFFECTS__
function _isoDateTime(Class2, params) {
  return new Class2({
    type: "string",
    format: "datetime",
    check: "string_format",
    offset: false,
    local: false,
    precision: null,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDate(Class2, params) {
  return new Class2({
    type: "string",
    format: "date",
    check: "string_format",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoTime(Class2, params) {
  return new Class2({
    type: "string",
    format: "time",
    check: "string_format",
    precision: null,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDuration(Class2, params) {
  return new Class2({
    type: "string",
    format: "duration",
    check: "string_format",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _number(Class2, params) {
  return new Class2(snapshotChecks({ type: "number", checks: [], ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _coercedNumber(Class2, params) {
  return new Class2(snapshotChecks({ type: "number", coerce: true, checks: [], ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _int(Class2, params) {
  return new Class2({
    type: "number",
    check: "number_format",
    abort: false,
    format: "safeint",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _float32(Class2, params) {
  return new Class2({
    type: "number",
    check: "number_format",
    abort: false,
    format: "float32",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _float64(Class2, params) {
  return new Class2({
    type: "number",
    check: "number_format",
    abort: false,
    format: "float64",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _int32(Class2, params) {
  return new Class2({
    type: "number",
    check: "number_format",
    abort: false,
    format: "int32",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uint32(Class2, params) {
  return new Class2({
    type: "number",
    check: "number_format",
    abort: false,
    format: "uint32",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class2, params) {
  return new Class2({
    type: "boolean",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _coercedBoolean(Class2, params) {
  return new Class2({
    type: "boolean",
    coerce: true,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _bigint(Class2, params) {
  return new Class2({
    type: "bigint",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _coercedBigint(Class2, params) {
  return new Class2({
    type: "bigint",
    coerce: true,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _int64(Class2, params) {
  return new Class2({
    type: "bigint",
    check: "bigint_format",
    abort: false,
    format: "int64",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uint64(Class2, params) {
  return new Class2({
    type: "bigint",
    check: "bigint_format",
    abort: false,
    format: "uint64",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _symbol(Class2, params) {
  return new Class2({
    type: "symbol",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _undefined2(Class2, params) {
  return new Class2({
    type: "undefined",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _null2(Class2, params) {
  return new Class2({
    type: "null",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _any(Class2) {
  return new Class2({
    type: "any"
  });
}
// @__NO_SIDE_EFFECTS__
function _unknown(Class2) {
  return new Class2({
    type: "unknown"
  });
}
// @__NO_SIDE_EFFECTS__
function _never(Class2, params) {
  return new Class2({
    type: "never",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _void(Class2, params) {
  return new Class2({
    type: "void",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _date(Class2, params) {
  return new Class2({
    type: "date",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _coercedDate(Class2, params) {
  return new Class2({
    type: "date",
    coerce: true,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _nan(Class2, params) {
  return new Class2({
    type: "nan",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _lt(value, params) {
  return new $ZodCheckLessThan({
    check: "less_than",
    ...normalizeParams(params),
    value,
    inclusive: false
  });
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
  return new $ZodCheckLessThan({
    check: "less_than",
    ...normalizeParams(params),
    value,
    inclusive: true
  });
}
// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
  return new $ZodCheckGreaterThan({
    check: "greater_than",
    ...normalizeParams(params),
    value,
    inclusive: false
  });
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
  return new $ZodCheckGreaterThan({
    check: "greater_than",
    ...normalizeParams(params),
    value,
    inclusive: true
  });
}
// @__NO_SIDE_EFFECTS__
function _positive(params) {
  return /* @__PURE__ */ _gt(0, params);
}
// @__NO_SIDE_EFFECTS__
function _negative(params) {
  return /* @__PURE__ */ _lt(0, params);
}
// @__NO_SIDE_EFFECTS__
function _nonpositive(params) {
  return /* @__PURE__ */ _lte(0, params);
}
// @__NO_SIDE_EFFECTS__
function _nonnegative(params) {
  return /* @__PURE__ */ _gte(0, params);
}
// @__NO_SIDE_EFFECTS__
function _multipleOf(value, params) {
  return new $ZodCheckMultipleOf({
    check: "multiple_of",
    ...normalizeParams(params),
    value
  });
}
// @__NO_SIDE_EFFECTS__
function _maxSize(maximum, params) {
  return new $ZodCheckMaxSize({
    check: "max_size",
    ...normalizeParams(params),
    maximum
  });
}
// @__NO_SIDE_EFFECTS__
function _minSize(minimum, params) {
  return new $ZodCheckMinSize({
    check: "min_size",
    ...normalizeParams(params),
    minimum
  });
}
// @__NO_SIDE_EFFECTS__
function _size(size, params) {
  return new $ZodCheckSizeEquals({
    check: "size_equals",
    ...normalizeParams(params),
    size
  });
}
// @__NO_SIDE_EFFECTS__
function _maxLength(maximum, params) {
  const ch = new $ZodCheckMaxLength({
    check: "max_length",
    ...normalizeParams(params),
    maximum
  });
  return ch;
}
// @__NO_SIDE_EFFECTS__
function _minLength(minimum, params) {
  return new $ZodCheckMinLength({
    check: "min_length",
    ...normalizeParams(params),
    minimum
  });
}
// @__NO_SIDE_EFFECTS__
function _length(length, params) {
  return new $ZodCheckLengthEquals({
    check: "length_equals",
    ...normalizeParams(params),
    length
  });
}
// @__NO_SIDE_EFFECTS__
function _regex(pattern, params) {
  return new $ZodCheckRegex({
    check: "string_format",
    format: "regex",
    ...normalizeParams(params),
    pattern
  });
}
// @__NO_SIDE_EFFECTS__
function _lowercase(params) {
  return new $ZodCheckLowerCase({
    check: "string_format",
    format: "lowercase",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uppercase(params) {
  return new $ZodCheckUpperCase({
    check: "string_format",
    format: "uppercase",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _includes(includes, params) {
  return new $ZodCheckIncludes({
    check: "string_format",
    format: "includes",
    ...normalizeParams(params),
    includes
  });
}
// @__NO_SIDE_EFFECTS__
function _startsWith(prefix, params) {
  return new $ZodCheckStartsWith({
    check: "string_format",
    format: "starts_with",
    ...normalizeParams(params),
    prefix
  });
}
// @__NO_SIDE_EFFECTS__
function _endsWith(suffix, params) {
  return new $ZodCheckEndsWith({
    check: "string_format",
    format: "ends_with",
    ...normalizeParams(params),
    suffix
  });
}
// @__NO_SIDE_EFFECTS__
function _property(property, schema, params) {
  return new $ZodCheckProperty({
    check: "property",
    property,
    schema,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _properties(shape, params) {
  return new $ZodCheckProperties({
    check: "properties",
    shape,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _mime(types, params) {
  return new $ZodCheckMimeType({
    check: "mime_type",
    mime: types,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _overwrite(tx) {
  return new $ZodCheckOverwrite({
    check: "overwrite",
    tx
  });
}
// @__NO_SIDE_EFFECTS__
function _normalize(form) {
  return /* @__PURE__ */ _overwrite((input2) => input2.normalize(form));
}
// @__NO_SIDE_EFFECTS__
function _trim() {
  return /* @__PURE__ */ _overwrite((input2) => input2.trim());
}
// @__NO_SIDE_EFFECTS__
function _toLowerCase() {
  return /* @__PURE__ */ _overwrite((input2) => input2.toLowerCase());
}
// @__NO_SIDE_EFFECTS__
function _toUpperCase() {
  return /* @__PURE__ */ _overwrite((input2) => input2.toUpperCase());
}
// @__NO_SIDE_EFFECTS__
function _slugify() {
  return /* @__PURE__ */ _overwrite((input2) => slugify(input2));
}
// @__NO_SIDE_EFFECTS__
function _array(Class2, element, params) {
  return new Class2({
    type: "array",
    element,
    // get element() {
    //   return element;
    // },
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _union(Class2, options, params) {
  return new Class2({
    type: "union",
    options,
    ...normalizeParams(params)
  });
}
function _xor(Class2, options, params) {
  return new Class2({
    type: "union",
    options,
    inclusive: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _discriminatedUnion(Class2, discriminator, options, params) {
  return new Class2({
    type: "union",
    options,
    discriminator,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _intersection(Class2, left, right) {
  return new Class2({
    type: "intersection",
    left,
    right
  });
}
// @__NO_SIDE_EFFECTS__
function _tuple(Class2, items, _paramsOrRest, _params) {
  const hasRest = _paramsOrRest instanceof $ZodType;
  const params = hasRest ? _params : _paramsOrRest;
  const rest = hasRest ? _paramsOrRest : null;
  return new Class2({
    type: "tuple",
    items,
    rest,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _record(Class2, keyType, valueType, params) {
  return new Class2({
    type: "record",
    keyType,
    valueType,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _map(Class2, keyType, valueType, params) {
  return new Class2({
    type: "map",
    keyType,
    valueType,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _set(Class2, valueType, params) {
  return new Class2({
    type: "set",
    valueType,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _enum(Class2, values, params) {
  const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
  return new Class2({
    type: "enum",
    entries,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _nativeEnum(Class2, entries, params) {
  return new Class2({
    type: "enum",
    entries,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _literal(Class2, value, params) {
  return new Class2({
    type: "literal",
    values: Array.isArray(value) ? value : [value],
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _file(Class2, params) {
  return new Class2({
    type: "file",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _transform(Class2, fn) {
  return new Class2({
    type: "transform",
    transform: fn
  });
}
// @__NO_SIDE_EFFECTS__
function _optional(Class2, innerType) {
  return new Class2({
    type: "optional",
    innerType
  });
}
// @__NO_SIDE_EFFECTS__
function _nullable(Class2, innerType) {
  return new Class2({
    type: "nullable",
    innerType
  });
}
// @__NO_SIDE_EFFECTS__
function _default(Class2, innerType, defaultValue) {
  return new Class2({
    type: "default",
    innerType,
    get defaultValue() {
      return typeof defaultValue === "function" ? defaultValue() : shallowClone(defaultValue);
    }
  });
}
// @__NO_SIDE_EFFECTS__
function _nonoptional(Class2, innerType, params) {
  return new Class2({
    type: "nonoptional",
    innerType,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _success(Class2, innerType) {
  return new Class2({
    type: "success",
    innerType
  });
}
// @__NO_SIDE_EFFECTS__
function _catch(Class2, innerType, catchValue) {
  return new Class2({
    type: "catch",
    innerType,
    catchValue: typeof catchValue === "function" ? catchValue : constantCatch(catchValue)
  });
}
// @__NO_SIDE_EFFECTS__
function _pipe(Class2, in_, out) {
  return new Class2({
    type: "pipe",
    in: in_,
    out
  });
}
// @__NO_SIDE_EFFECTS__
function _readonly(Class2, innerType) {
  return new Class2({
    type: "readonly",
    innerType
  });
}
// @__NO_SIDE_EFFECTS__
function _templateLiteral(Class2, parts, params) {
  return new Class2({
    type: "template_literal",
    parts,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _lazy(Class2, getter) {
  return new Class2({
    type: "lazy",
    getter
  });
}
// @__NO_SIDE_EFFECTS__
function _promise(Class2, innerType) {
  return new Class2({
    type: "promise",
    innerType
  });
}
// @__NO_SIDE_EFFECTS__
function _custom(Class2, fn, _params) {
  const norm = normalizeParams(_params);
  norm.abort ?? (norm.abort = true);
  const schema = new Class2({
    type: "custom",
    check: "custom",
    fn,
    ...norm
  });
  return schema;
}
// @__NO_SIDE_EFFECTS__
function _refine(Class2, fn, _params) {
  const schema = new Class2({
    type: "custom",
    check: "custom",
    fn,
    ...normalizeParams(_params)
  });
  return schema;
}
// @__NO_SIDE_EFFECTS__
function _superRefine(fn, params) {
  const ch = /* @__PURE__ */ _check((payload) => {
    payload.addIssue = (issue2) => {
      if (typeof issue2 === "string") {
        payload.issues.push(issue(issue2, payload.value, ch._zod.def));
      } else {
        const _issue = issue2;
        if (_issue.fatal)
          _issue.continue = false;
        _issue.code ?? (_issue.code = "custom");
        if (!("input" in _issue))
          _issue.input = payload.value;
        _issue.inst ?? (_issue.inst = ch);
        _issue.continue ?? (_issue.continue = !ch._zod.def.abort);
        payload.issues.push(issue(_issue));
      }
    };
    return fn(payload.value, payload);
  }, params);
  return ch;
}
// @__NO_SIDE_EFFECTS__
function _check(fn, params) {
  const ch = new $ZodCheck({
    check: "custom",
    ...normalizeParams(params)
  });
  ch._zod.check = fn;
  return ch;
}
// @__NO_SIDE_EFFECTS__
function describe(description) {
  const ch = new $ZodCheck({ check: "describe" });
  ch._zod.onattach = [
    (inst) => {
      const existing = globalRegistry.get(inst) ?? {};
      globalRegistry.add(inst, { ...existing, description });
    }
  ];
  ch._zod.check = () => {
  };
  return ch;
}
// @__NO_SIDE_EFFECTS__
function meta(metadata) {
  const ch = new $ZodCheck({ check: "meta" });
  ch._zod.onattach = [
    (inst) => {
      const existing = globalRegistry.get(inst) ?? {};
      globalRegistry.add(inst, { ...existing, ...metadata });
    }
  ];
  ch._zod.check = () => {
  };
  return ch;
}
// @__NO_SIDE_EFFECTS__
function _stringbool(Classes, _params) {
  const params = normalizeParams(_params);
  let truthyArray = params.truthy ?? ["true", "1", "yes", "on", "y", "enabled"];
  let falsyArray = params.falsy ?? ["false", "0", "no", "off", "n", "disabled"];
  if (params.case !== "sensitive") {
    truthyArray = truthyArray.map((v) => typeof v === "string" ? v.toLowerCase() : v);
    falsyArray = falsyArray.map((v) => typeof v === "string" ? v.toLowerCase() : v);
  }
  const truthySet = new Set(truthyArray);
  const falsySet = new Set(falsyArray);
  const _Codec = Classes.Codec ?? $ZodCodec;
  const _Boolean = Classes.Boolean ?? $ZodBoolean;
  const _String = Classes.String ?? $ZodString;
  const stringSchema = new _String({ type: "string", error: params.error });
  const booleanSchema = new _Boolean({ type: "boolean", error: params.error });
  const codec2 = new _Codec({
    type: "pipe",
    in: stringSchema,
    out: booleanSchema,
    transform: ((input2, payload) => {
      let data = input2;
      if (params.case !== "sensitive")
        data = data.toLowerCase();
      if (truthySet.has(data)) {
        return true;
      } else if (falsySet.has(data)) {
        return false;
      } else {
        payload.issues.push({
          code: "invalid_value",
          expected: "stringbool",
          values: [...truthySet, ...falsySet],
          input: payload.value,
          inst: codec2,
          continue: false
        });
        return {};
      }
    }),
    reverseTransform: ((input2, _payload) => {
      if (input2 === true) {
        return truthyArray[0] || "true";
      } else {
        return falsyArray[0] || "false";
      }
    }),
    error: params.error
  });
  codec2._zod.bag.truthy = truthyArray;
  codec2._zod.bag.falsy = falsyArray;
  codec2._zod.bag.case = params.case ?? "insensitive";
  return codec2;
}
// @__NO_SIDE_EFFECTS__
function _stringFormat(Class2, format, fnOrRegex, _params = {}) {
  const params = normalizeParams(_params);
  const def = {
    check: "string_format",
    type: "string",
    format,
    fn: typeof fnOrRegex === "function" ? fnOrRegex : (val) => fnOrRegex.test(val),
    ...params
  };
  if (fnOrRegex instanceof RegExp) {
    def.pattern = fnOrRegex;
  }
  const inst = new Class2(def);
  return inst;
}

// node_modules/zod/v4/core/to-json-schema.js
function assignProps(target, ...sources) {
  for (const source of sources) {
    for (const key of Reflect.ownKeys(source)) {
      if (Object.prototype.propertyIsEnumerable.call(source, key)) {
        assignProp(target, key, source[key]);
      }
    }
  }
  return target;
}
function initializeContext(params) {
  let target = params?.target ?? "draft-2020-12";
  if (target === "draft-4")
    target = "draft-04";
  if (target === "draft-7")
    target = "draft-07";
  return {
    processors: params.processors ?? {},
    metadataRegistry: params?.metadata ?? globalRegistry,
    target,
    unrepresentable: params?.unrepresentable ?? "throw",
    override: params?.override ?? (() => {
    }),
    io: params?.io ?? "output",
    counter: 0,
    seen: /* @__PURE__ */ new Map(),
    sharedDefsExtractedFor: void 0,
    sharedEmitDoneFor: void 0,
    cycles: params?.cycles ?? "ref",
    reused: params?.reused ?? "inline",
    intersections: [],
    deferred: [],
    external: params?.external ?? void 0
  };
}
function handleUnrepresentable(schema, ctx, json2, params, message) {
  const result = typeof ctx.unrepresentable === "function" ? ctx.unrepresentable({ zodSchema: schema, path: params.path, message }) : ctx.unrepresentable;
  if (result === "any")
    return false;
  if (result === void 0 || result === "throw")
    throw new Error(message);
  Object.assign(json2, result);
  return true;
}
function processSchema(schema, ctx, _params = { path: [], schemaPath: [] }) {
  var _a3;
  const def = schema._zod.def;
  const seen = ctx.seen.get(schema);
  if (seen) {
    seen.count++;
    const isCycle = _params.schemaPath.includes(schema);
    if (isCycle) {
      seen.cycle = _params.path;
    }
    return seen.schema;
  }
  const result = { schema: {}, count: 1, cycle: void 0, path: _params.path };
  ctx.seen.set(schema, result);
  ctx.sharedDefsExtractedFor = void 0;
  ctx.sharedEmitDoneFor = void 0;
  const overrideSchema = schema._zod.toJSONSchema?.();
  if (overrideSchema) {
    result.schema = overrideSchema;
  } else {
    const params = {
      ..._params,
      schemaPath: [..._params.schemaPath, schema],
      path: _params.path
    };
    if (schema._zod.processJSONSchema) {
      schema._zod.processJSONSchema(ctx, result.schema, params);
    } else {
      const _json = result.schema;
      const processor = ctx.processors[def.type];
      if (!processor) {
        throw new Error(`[toJSONSchema]: Non-representable type encountered: ${def.type}`);
      }
      processor(schema, ctx, _json, params);
    }
    const parent = schema._zod.parent;
    if (parent) {
      if (!result.ref)
        result.ref = parent;
      processSchema(parent, ctx, params);
      ctx.seen.get(parent).isParent = true;
    }
  }
  const meta3 = ctx.metadataRegistry.get(schema);
  if (meta3)
    assignProps(result.schema, meta3);
  if (ctx.io === "input" && isTransforming(schema)) {
    delete result.schema.examples;
    delete result.schema.default;
  }
  if (ctx.io === "input" && "_prefault" in result.schema)
    (_a3 = result.schema).default ?? (_a3.default = result.schema._prefault);
  delete result.schema._prefault;
  const _result = ctx.seen.get(schema);
  return _result.schema;
}
function encodeJSONPointerSegment(segment) {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
function extractDefs(ctx, schema) {
  const root = ctx.seen.get(schema);
  if (!root)
    throw new Error("Unprocessed schema. This is a bug in Zod.");
  if (ctx.external && ctx.sharedDefsExtractedFor === ctx.external)
    return;
  const idToSchema = /* @__PURE__ */ new Map();
  for (const entry2 of ctx.seen.entries()) {
    const id = ctx.metadataRegistry.get(entry2[0])?.id;
    if (id) {
      const existing = idToSchema.get(id);
      if (existing && existing !== entry2[0]) {
        throw new Error(`Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`);
      }
      idToSchema.set(id, entry2[0]);
    }
  }
  const makeURI = (entry2) => {
    const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
    if (ctx.external) {
      const externalId = ctx.external.registry.get(entry2[0])?.id;
      const uriGenerator = ctx.external.uri ?? ((id2) => id2);
      if (externalId) {
        return { ref: uriGenerator(externalId) };
      }
      const id = entry2[1].defId ?? entry2[1].schema.id ?? `schema${ctx.counter++}`;
      entry2[1].defId = id;
      return { defId: id, ref: `${uriGenerator("__shared")}#/${defsSegment}/${encodeJSONPointerSegment(id)}` };
    }
    const uriPrefix = `#`;
    const defUriPrefix = `${uriPrefix}/${defsSegment}/`;
    if (entry2[1] === root && !entry2[1].schema.id) {
      return { ref: uriPrefix };
    }
    const defId = entry2[1].schema.id ?? `__schema${ctx.counter++}`;
    return { defId, ref: defUriPrefix + encodeJSONPointerSegment(defId) };
  };
  const extractToDef = (entry2) => {
    if (entry2[1].schema.$ref) {
      return;
    }
    const seen = entry2[1];
    const { ref, defId } = makeURI(entry2);
    seen.def = { ...seen.schema };
    if (defId)
      seen.defId = defId;
    const schema2 = seen.schema;
    for (const key in schema2) {
      delete schema2[key];
    }
    schema2.$ref = ref;
  };
  if (ctx.cycles === "throw") {
    for (const entry2 of ctx.seen.entries()) {
      const seen = entry2[1];
      if (seen.cycle) {
        throw new Error(`Cycle detected: #/${seen.cycle?.join("/")}/<root>

Set the \`cycles\` parameter to \`"ref"\` to resolve cyclical schemas with defs.`);
      }
    }
  }
  for (const entry2 of ctx.seen.entries()) {
    const seen = entry2[1];
    if (schema === entry2[0]) {
      extractToDef(entry2);
      continue;
    }
    if (ctx.external) {
      const ext = ctx.external.registry.get(entry2[0])?.id;
      if (schema !== entry2[0] && ext) {
        extractToDef(entry2);
        continue;
      }
    }
    const id = ctx.metadataRegistry.get(entry2[0])?.id;
    if (id) {
      extractToDef(entry2);
      continue;
    }
    if (seen.cycle) {
      extractToDef(entry2);
      continue;
    }
    if (seen.count > 1) {
      if (ctx.reused === "ref") {
        extractToDef(entry2);
      }
    }
  }
  if (ctx.external)
    ctx.sharedDefsExtractedFor = ctx.external;
}
function compactTypeUnion(schema) {
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length === 0 || schema.type !== void 0)
    return;
  const types = [];
  for (const option of options) {
    if (!option || typeof option !== "object")
      return;
    compactTypeUnion(option);
    const keys = Object.keys(option);
    if (keys.length !== 1 || keys[0] !== "type")
      return;
    const type = option.type;
    for (const member of Array.isArray(type) ? type : [type]) {
      if (typeof member !== "string")
        return;
      if (!types.includes(member))
        types.push(member);
    }
  }
  delete schema.anyOf;
  schema.type = types.length === 1 ? types[0] : types;
}
var FOLDABLE_KEYS = /* @__PURE__ */ new Set(["type", "properties", "required", "additionalProperties"]);
var UNION_KEYS = ["oneOf", "anyOf"];
function undeclaredConstraint(member) {
  const extra = member.additionalProperties;
  if (extra === void 0 || extra === false || typeof extra !== "object" || extra === null)
    return null;
  return Object.keys(extra).length ? extra : null;
}
function foldObjects(members2) {
  const objects = [];
  for (const member of members2) {
    if (typeof member !== "object" || member.type !== "object")
      return null;
    for (const key in member) {
      if (!FOLDABLE_KEYS.has(key))
        return null;
    }
    objects.push(member);
  }
  const properties = {};
  const required2 = /* @__PURE__ */ new Set();
  for (const object2 of objects) {
    for (const key in object2.properties) {
      if (Object.prototype.hasOwnProperty.call(properties, key))
        continue;
      const parts = [];
      for (const other of objects) {
        const part = other.properties?.[key] ?? undeclaredConstraint(other);
        if (part === null || part === void 0)
          continue;
        if (!parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part)))
          parts.push(part);
      }
      const merged = parts.length === 1 ? parts[0] : foldObjects(parts) ?? { allOf: parts };
      assignProp(properties, key, merged);
    }
    for (const key of object2.required ?? [])
      required2.add(key);
  }
  const folded = { type: "object", properties };
  if (required2.size)
    folded.required = [...required2];
  if (objects.every((object2) => object2.additionalProperties === false)) {
    folded.additionalProperties = false;
  } else {
    const constraints = [];
    for (const object2 of objects) {
      const constraint = undeclaredConstraint(object2);
      if (constraint && !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint)))
        constraints.push(constraint);
    }
    if (constraints.length === 1)
      folded.additionalProperties = constraints[0];
    else if (constraints.length > 1)
      folded.additionalProperties = { allOf: constraints };
  }
  return folded;
}
function foldIntersection(json2) {
  const allOf = json2.allOf;
  if (!Array.isArray(allOf) || allOf.length < 2)
    return;
  for (const key of FOLDABLE_KEYS)
    if (key in json2)
      return;
  const unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray(m[k])));
  let folded = null;
  if (!unions.length) {
    folded = foldObjects(allOf);
  } else {
    const union3 = unions[0];
    const keyword = UNION_KEYS.find((k) => Array.isArray(union3[k]));
    if (Object.keys(union3).length !== 1)
      return;
    const rest = allOf.filter((m) => m !== union3);
    const branches = union3[keyword].map((branch) => foldObjects([...rest, branch]));
    if (branches.some((b) => !b))
      return;
    folded = { [keyword]: branches };
  }
  if (!folded)
    return;
  delete json2.allOf;
  assignProps(json2, folded);
}
function finalize(ctx, schema) {
  const root = ctx.seen.get(schema);
  if (!root)
    throw new Error("Unprocessed schema. This is a bug in Zod.");
  const flattenRef = (zodSchema) => {
    const seen = ctx.seen.get(zodSchema);
    if (seen.ref === null)
      return;
    const schema2 = seen.def ?? seen.schema;
    const _cached = { ...schema2 };
    const ref = seen.ref;
    seen.ref = null;
    if (ref) {
      flattenRef(ref);
      const refSeen = ctx.seen.get(ref);
      const refSchema = refSeen.schema;
      if (refSchema.$ref && (ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0")) {
        schema2.allOf = schema2.allOf ?? [];
        schema2.allOf.push(refSchema);
      } else {
        assignProps(schema2, refSchema);
      }
      assignProps(schema2, _cached);
      const isParentRef = zodSchema._zod.parent === ref;
      if (isParentRef) {
        for (const key in schema2) {
          if (key === "$ref" || key === "allOf")
            continue;
          if (!(key in _cached)) {
            delete schema2[key];
          }
        }
      }
      if (refSchema.$ref && refSeen.def) {
        for (const key in schema2) {
          if (key === "$ref" || key === "allOf")
            continue;
          if (key in refSeen.def && JSON.stringify(schema2[key]) === JSON.stringify(refSeen.def[key])) {
            delete schema2[key];
          }
        }
      }
    }
    const parent = zodSchema._zod.parent;
    if (parent && parent !== ref) {
      flattenRef(parent);
      const parentSeen = ctx.seen.get(parent);
      if (parentSeen?.schema.$ref) {
        schema2.$ref = parentSeen.schema.$ref;
        if (parentSeen.def) {
          for (const key in schema2) {
            if (key === "$ref" || key === "allOf")
              continue;
            if (key in parentSeen.def && JSON.stringify(schema2[key]) === JSON.stringify(parentSeen.def[key])) {
              delete schema2[key];
            }
          }
        }
      }
    }
    ctx.override({
      zodSchema,
      jsonSchema: schema2,
      path: seen.path ?? []
    });
  };
  if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
    for (const entry2 of [...ctx.seen.entries()].reverse()) {
      flattenRef(entry2[0]);
    }
    if (ctx.target !== "openapi-3.0") {
      for (const entry2 of ctx.seen.entries()) {
        compactTypeUnion(entry2[1].def ?? entry2[1].schema);
      }
    }
    for (const rewrite of ctx.deferred)
      rewrite();
    if (ctx.intersections.length) {
      const carriers = /* @__PURE__ */ new Map();
      for (const seen of ctx.seen.values()) {
        for (const json2 of [seen.schema, seen.def]) {
          const allOf = json2?.allOf;
          if (!Array.isArray(allOf))
            continue;
          const existing = carriers.get(allOf);
          if (existing)
            existing.push(json2);
          else
            carriers.set(allOf, [json2]);
        }
      }
      for (const allOf of ctx.intersections) {
        for (const json2 of carriers.get(allOf) ?? [])
          foldIntersection(json2);
      }
    }
  }
  const result = {};
  if (ctx.target === "draft-2020-12") {
    result.$schema = "https://json-schema.org/draft/2020-12/schema";
  } else if (ctx.target === "draft-07") {
    result.$schema = "http://json-schema.org/draft-07/schema#";
  } else if (ctx.target === "draft-04") {
    result.$schema = "http://json-schema.org/draft-04/schema#";
  } else if (ctx.target === "openapi-3.0") {
  } else {
  }
  if (ctx.external?.uri) {
    const id = ctx.external.registry.get(schema)?.id;
    if (!id)
      throw new Error("Schema is missing an `id` property");
    result.$id = ctx.external.uri(id);
  }
  assignProps(result, root.defId ? root.schema : root.def ?? root.schema);
  const rootMetaId = ctx.metadataRegistry.get(schema)?.id;
  if (rootMetaId !== void 0 && result.id === rootMetaId)
    delete result.id;
  const defs = ctx.external?.defs ?? {};
  if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
    for (const entry2 of ctx.seen.entries()) {
      const seen = entry2[1];
      if (seen.def && seen.defId) {
        if (seen.def.id === seen.defId)
          delete seen.def.id;
        assignProp(defs, seen.defId, seen.def);
      }
    }
  }
  if (ctx.external)
    ctx.sharedEmitDoneFor = ctx.external;
  if (ctx.external) {
  } else {
    if (Object.keys(defs).length > 0) {
      if (ctx.target === "draft-2020-12") {
        result.$defs = defs;
      } else {
        result.definitions = defs;
      }
    }
  }
  try {
    const finalized = JSON.parse(JSON.stringify(result));
    Object.defineProperty(finalized, "~standard", {
      value: {
        ...schema["~standard"],
        jsonSchema: {
          input: createStandardJSONSchemaMethod(schema, "input", ctx.processors),
          output: createStandardJSONSchemaMethod(schema, "output", ctx.processors)
        }
      },
      enumerable: false,
      writable: false
    });
    return finalized;
  } catch (_err) {
    throw new Error("Error converting schema to JSON.");
  }
}
function isTransforming(_schema, _ctx) {
  const ctx = _ctx ?? { seen: /* @__PURE__ */ new Set() };
  if (ctx.seen.has(_schema))
    return false;
  ctx.seen.add(_schema);
  const def = _schema._zod.def;
  if (def.type === "transform")
    return true;
  if (def.type === "array")
    return isTransforming(def.element, ctx);
  if (def.type === "set")
    return isTransforming(def.valueType, ctx);
  if (def.type === "lazy")
    return isTransforming(def.getter(), ctx);
  if (def.type === "promise" || def.type === "optional" || def.type === "nonoptional" || def.type === "nullable" || def.type === "readonly" || def.type === "default" || def.type === "prefault" || def.type === "catch") {
    return isTransforming(def.innerType, ctx);
  }
  if (def.type === "intersection") {
    return isTransforming(def.left, ctx) || isTransforming(def.right, ctx);
  }
  if (def.type === "record" || def.type === "map") {
    return isTransforming(def.keyType, ctx) || isTransforming(def.valueType, ctx);
  }
  if (def.type === "pipe") {
    if (_schema._zod.traits.has("$ZodCodec"))
      return true;
    return isTransforming(def.in, ctx) || isTransforming(def.out, ctx);
  }
  if (def.type === "object") {
    for (const key in def.shape) {
      if (isTransforming(def.shape[key], ctx))
        return true;
    }
    return false;
  }
  if (def.type === "union") {
    for (const option of def.options) {
      if (isTransforming(option, ctx))
        return true;
    }
    return false;
  }
  if (def.type === "tuple") {
    for (const item of def.items) {
      if (isTransforming(item, ctx))
        return true;
    }
    if (def.rest && isTransforming(def.rest, ctx))
      return true;
    return false;
  }
  return false;
}
var createToJSONSchemaMethod = (schema, processors = {}) => (params) => {
  const ctx = initializeContext({ ...params, processors });
  processSchema(schema, ctx);
  extractDefs(ctx, schema);
  return finalize(ctx, schema);
};
var createStandardJSONSchemaMethod = (schema, io, processors = {}) => (params) => {
  const { libraryOptions, target } = params ?? {};
  const ctx = initializeContext({ ...libraryOptions ?? {}, target, io, processors });
  processSchema(schema, ctx);
  extractDefs(ctx, schema);
  return finalize(ctx, schema);
};

// node_modules/zod/v4/core/json-schema-processors.js
var narrowMin = (agg, key, value) => {
  if (agg[key] === void 0 || value > agg[key])
    agg[key] = value;
};
var narrowMax = (agg, key, value) => {
  if (agg[key] === void 0 || value < agg[key])
    agg[key] = value;
};
var narrowBoth = (agg, value) => {
  narrowMin(agg, "minimum", value);
  narrowMax(agg, "maximum", value);
};
var addDivisor = (agg, value) => {
  agg.multipleOf ?? (agg.multipleOf = []);
  if (!agg.multipleOf.includes(value))
    agg.multipleOf.push(value);
};
var addPattern = (agg, pattern) => {
  agg.patterns ?? (agg.patterns = /* @__PURE__ */ new Set());
  agg.patterns.add(pattern);
};
var intersectMime = (agg, mime) => {
  agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
};
var setFormat = (agg, format) => {
  agg.format = format;
  if (format.includes("int"))
    agg.isInt = true;
};
var minContributor = (agg, def) => narrowMin(agg, "minimum", def.minimum);
var maxContributor = (agg, def) => narrowMax(agg, "maximum", def.maximum);
var formatContributor = (ranges) => (agg, def) => {
  setFormat(agg, def.format);
  const [minimum, maximum] = ranges[def.format];
  narrowMin(agg, "minimum", minimum);
  narrowMax(agg, "maximum", maximum);
};
var contributors = {
  greater_than: (agg, def) => narrowMin(agg, def.inclusive ? "minimum" : "exclusiveMinimum", def.value),
  less_than: (agg, def) => narrowMax(agg, def.inclusive ? "maximum" : "exclusiveMaximum", def.value),
  multiple_of: (agg, def) => addDivisor(agg, def.value),
  number_format: formatContributor(NUMBER_FORMAT_RANGES),
  bigint_format: formatContributor(BIGINT_FORMAT_RANGES),
  min_length: minContributor,
  max_length: maxContributor,
  length_equals: (agg, def) => narrowBoth(agg, def.length),
  min_size: minContributor,
  max_size: maxContributor,
  size_equals: (agg, def) => narrowBoth(agg, def.size),
  string_format: (agg, def) => {
    setFormat(agg, def.format);
    if (def.pattern)
      addPattern(agg, def.pattern);
    if (def.format === "base64" || def.format === "base64url")
      agg.contentEncoding = def.format;
    if (def.local || def.precision === -1)
      agg.laxFormat = true;
  },
  mime_type: (agg, def) => intersectMime(agg, def.mime)
};
function aggregateChecks(schema) {
  const agg = {};
  const def = schema._zod.def;
  const list = schema._zod.traits.has("$ZodCheck") ? [schema, ...def.checks ?? []] : def.checks ?? [];
  for (const ch of list)
    contributors[ch._zod.def.check]?.(agg, ch._zod.def);
  const bag = schema._zod.bag;
  if (bag.minimum !== void 0)
    narrowMin(agg, "minimum", bag.minimum);
  if (bag.exclusiveMinimum !== void 0)
    narrowMin(agg, "exclusiveMinimum", bag.exclusiveMinimum);
  if (bag.maximum !== void 0)
    narrowMax(agg, "maximum", bag.maximum);
  if (bag.exclusiveMaximum !== void 0)
    narrowMax(agg, "exclusiveMaximum", bag.exclusiveMaximum);
  if (bag.multipleOf !== void 0)
    addDivisor(agg, bag.multipleOf);
  if (bag.format !== void 0) {
    agg.format ?? (agg.format = bag.format);
    if (bag.format.includes("int"))
      agg.isInt = true;
  }
  if (bag.mime)
    intersectMime(agg, bag.mime);
  for (const pattern of bag.patterns ?? [])
    addPattern(agg, pattern);
  return agg;
}
var formatMap = {
  guid: "uuid",
  url: "uri",
  datetime: "date-time",
  json_string: "json-string",
  regex: ""
  // do not set
};
var exactPatterns = /* @__PURE__ */ new Map([
  [base64Charset, base64],
  [base64urlCharset, base64url]
]);
var exactPattern = (p) => exactPatterns.get(p) ?? p;
var stringProcessor = (schema, ctx, _json, _params) => {
  const json2 = _json;
  json2.type = "string";
  const { minimum, maximum, format, patterns, contentEncoding, laxFormat } = aggregateChecks(schema);
  if (typeof minimum === "number")
    json2.minLength = minimum;
  if (typeof maximum === "number")
    json2.maxLength = maximum;
  if (format) {
    json2.format = formatMap[format] ?? format;
    if (json2.format === "")
      delete json2.format;
    if (format === "time" || laxFormat) {
      delete json2.format;
    }
  }
  if (contentEncoding)
    json2.contentEncoding = contentEncoding;
  if (patterns && patterns.size > 0) {
    const patternList = [...patterns].map(exactPattern);
    if (patternList.length === 1)
      json2.pattern = patternList[0].source;
    else if (patternList.length > 1) {
      json2.allOf = [
        ...patternList.map((regex) => ({
          ...ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0" ? { type: "string" } : {},
          pattern: regex.source
        }))
      ];
    }
  }
};
var numberProcessor = (schema, ctx, _json, params) => {
  const json2 = _json;
  const { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregateChecks(schema);
  json2.type = isInt ? "integer" : "number";
  const exMin = typeof exclusiveMinimum === "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
  const exMax = typeof exclusiveMaximum === "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
  const legacy = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
  if (exMin) {
    if (legacy) {
      json2.minimum = exclusiveMinimum;
      json2.exclusiveMinimum = true;
    } else {
      json2.exclusiveMinimum = exclusiveMinimum;
    }
  } else if (typeof minimum === "number") {
    json2.minimum = minimum;
  }
  if (exMax) {
    if (legacy) {
      json2.maximum = exclusiveMaximum;
      json2.exclusiveMaximum = true;
    } else {
      json2.exclusiveMaximum = exclusiveMaximum;
    }
  } else if (typeof maximum === "number") {
    json2.maximum = maximum;
  }
  if (multipleOf) {
    const divisors = /* @__PURE__ */ new Set();
    for (const divisor of multipleOf) {
      if (Number.isFinite(divisor) && divisor !== 0)
        divisors.add(Math.abs(divisor));
      else
        handleUnrepresentable(schema, ctx, json2, params, `A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`);
    }
    const [first, ...rest] = divisors;
    if (first !== void 0)
      json2.multipleOf = first;
    if (rest.length)
      json2.allOf = [...json2.allOf ?? [], ...rest.map((m) => ({ multipleOf: m }))];
  }
};
var booleanProcessor = (_schema, _ctx, json2, _params) => {
  json2.type = "boolean";
};
var bigintProcessor = (schema, ctx, json2, params) => {
  handleUnrepresentable(schema, ctx, json2, params, "BigInt cannot be represented in JSON Schema");
};
var symbolProcessor = (schema, ctx, json2, params) => {
  handleUnrepresentable(schema, ctx, json2, params, "Symbols cannot be represented in JSON Schema");
};
var nullProcessor = (_schema, ctx, json2, _params) => {
  if (ctx.target === "openapi-3.0") {
    json2.type = "string";
    json2.nullable = true;
    json2.enum = [null];
  } else {
    json2.type = "null";
  }
};
var undefinedProcessor = (schema, ctx, json2, params) => {
  handleUnrepresentable(schema, ctx, json2, params, "Undefined cannot be represented in JSON Schema");
};
var voidProcessor = (schema, ctx, json2, params) => {
  handleUnrepresentable(schema, ctx, json2, params, "Void cannot be represented in JSON Schema");
};
var neverProcessor = (_schema, _ctx, json2, _params) => {
  json2.not = {};
};
var anyProcessor = (_schema, _ctx, _json, _params) => {
};
var unknownProcessor = (_schema, _ctx, _json, _params) => {
};
var dateProcessor = (schema, ctx, json2, params) => {
  handleUnrepresentable(schema, ctx, json2, params, "Date cannot be represented in JSON Schema");
};
var enumProcessor = (schema, _ctx, json2, _params) => {
  const def = schema._zod.def;
  const values = getEnumValues(def.entries);
  if (values.length === 0) {
    json2.not = {};
    return;
  }
  if (values.every((v) => typeof v === "number"))
    json2.type = "number";
  if (values.every((v) => typeof v === "string"))
    json2.type = "string";
  json2.enum = values;
};
var literalProcessor = (schema, ctx, json2, params) => {
  const def = schema._zod.def;
  if (def.values.length === 0) {
    json2.not = {};
    return;
  }
  const vals = [];
  for (const val of def.values) {
    if (val === void 0) {
      if (handleUnrepresentable(schema, ctx, json2, params, "Literal `undefined` cannot be represented in JSON Schema"))
        return;
    } else if (typeof val === "bigint") {
      if (handleUnrepresentable(schema, ctx, json2, params, "BigInt literals cannot be represented in JSON Schema"))
        return;
      vals.push(Number(val));
    } else {
      vals.push(val);
    }
  }
  if (vals.length === 0) {
  } else if (vals.length === 1) {
    const val = vals[0];
    json2.type = val === null ? "null" : typeof val;
    if (ctx.target === "draft-04" || ctx.target === "openapi-3.0") {
      json2.enum = [val];
    } else {
      json2.const = val;
    }
  } else {
    if (vals.every((v) => typeof v === "number"))
      json2.type = "number";
    if (vals.every((v) => typeof v === "string"))
      json2.type = "string";
    if (vals.every((v) => typeof v === "boolean"))
      json2.type = "boolean";
    if (vals.every((v) => v === null))
      json2.type = "null";
    json2.enum = vals;
  }
};
var nanProcessor = (schema, ctx, json2, params) => {
  handleUnrepresentable(schema, ctx, json2, params, "NaN cannot be represented in JSON Schema");
};
var templateLiteralProcessor = (schema, _ctx, json2, _params) => {
  const _json = json2;
  const pattern = schema._zod.pattern;
  if (!pattern)
    throw new Error("Pattern not found in template literal");
  _json.type = "string";
  _json.pattern = pattern.source;
};
var fileProcessor = (schema, _ctx, json2, _params) => {
  const _json = json2;
  _json.type = "string";
  _json.format = "binary";
  _json.contentEncoding = "binary";
  const { minimum, maximum, mime } = aggregateChecks(schema);
  if (minimum !== void 0)
    _json.minLength = minimum;
  if (maximum !== void 0)
    _json.maxLength = maximum;
  if (!mime)
    return;
  if (mime.length === 0)
    _json.not = {};
  else if (mime.length === 1)
    _json.contentMediaType = mime[0];
  else
    _json.anyOf = mime.map((m) => ({ contentMediaType: m }));
};
var successProcessor = (_schema, _ctx, json2, _params) => {
  json2.type = "boolean";
};
var customProcessor = (schema, ctx, json2, params) => {
  handleUnrepresentable(schema, ctx, json2, params, "Custom types cannot be represented in JSON Schema");
};
var functionProcessor = (schema, ctx, json2, params) => {
  handleUnrepresentable(schema, ctx, json2, params, "Function types cannot be represented in JSON Schema");
};
var transformProcessor = (schema, ctx, json2, params) => {
  handleUnrepresentable(schema, ctx, json2, params, "Transforms cannot be represented in JSON Schema");
};
var mapProcessor = (schema, ctx, json2, params) => {
  handleUnrepresentable(schema, ctx, json2, params, "Map cannot be represented in JSON Schema");
};
var setProcessor = (schema, ctx, json2, params) => {
  handleUnrepresentable(schema, ctx, json2, params, "Set cannot be represented in JSON Schema");
};
var arrayProcessor = (schema, ctx, _json, params) => {
  const json2 = _json;
  const def = schema._zod.def;
  const { minimum, maximum } = aggregateChecks(schema);
  if (typeof minimum === "number")
    json2.minItems = minimum;
  if (typeof maximum === "number")
    json2.maxItems = maximum;
  json2.type = "array";
  json2.items = processSchema(def.element, ctx, {
    ...params,
    path: [...params.path, "items"]
  });
};
function inputOptin(schema) {
  const def = schema._zod.def;
  if (def.type === "pipe" && def.in._zod.traits.has("$ZodTransform")) {
    return inputOptin(def.out);
  }
  if (def.type === "catch") {
    return inputOptin(def.innerType);
  }
  return schema._zod.optin;
}
var objectProcessor = (schema, ctx, _json, params) => {
  const json2 = _json;
  const def = schema._zod.def;
  const shape = def.shape;
  const symbolKeys = Object.getOwnPropertySymbols(shape);
  if (symbolKeys.length && handleUnrepresentable(schema, ctx, json2, params, "Symbol keys cannot be represented in JSON Schema")) {
    return;
  }
  json2.type = "object";
  json2.properties = {};
  for (const key in shape) {
    assignProp(json2.properties, key, processSchema(shape[key], ctx, {
      ...params,
      path: [...params.path, "properties", key]
    }));
  }
  const requiredKeys = [];
  for (const key of Object.keys(shape)) {
    const field = def.shape[key];
    if (ctx.io === "input" ? inputOptin(field) === void 0 : field._zod.optout === void 0) {
      requiredKeys.push(key);
    }
  }
  if (requiredKeys.length > 0) {
    json2.required = requiredKeys;
  }
  if (def.catchall?._zod.def.type === "never") {
    json2.additionalProperties = false;
  } else if (!def.catchall) {
    if (ctx.io === "output")
      json2.additionalProperties = false;
  } else if (def.catchall) {
    json2.additionalProperties = processSchema(def.catchall, ctx, {
      ...params,
      path: [...params.path, "additionalProperties"]
    });
  }
};
var unionProcessor = (schema, ctx, json2, params) => {
  const def = schema._zod.def;
  const isExclusive = def.inclusive === false;
  const options = def.options.map((x, i) => processSchema(x, ctx, {
    ...params,
    path: [...params.path, isExclusive ? "oneOf" : "anyOf", i]
  }));
  if (isExclusive) {
    json2.oneOf = options;
  } else {
    json2.anyOf = options;
  }
};
var intersectionProcessor = (schema, ctx, json2, params) => {
  const def = schema._zod.def;
  const a = processSchema(def.left, ctx, {
    ...params,
    path: [...params.path, "allOf", 0]
  });
  const b = processSchema(def.right, ctx, {
    ...params,
    path: [...params.path, "allOf", 1]
  });
  const isSimpleIntersection = (val) => "allOf" in val && Object.keys(val).length === 1;
  const allOf = [
    ...isSimpleIntersection(a) ? a.allOf : [a],
    ...isSimpleIntersection(b) ? b.allOf : [b]
  ];
  json2.allOf = allOf;
  ctx.intersections.push(allOf);
};
var tupleProcessor = (schema, ctx, _json, params) => {
  const json2 = _json;
  const def = schema._zod.def;
  json2.type = "array";
  const prefixPath = ctx.target === "draft-2020-12" ? "prefixItems" : "items";
  const restPath = ctx.target === "draft-2020-12" ? "items" : ctx.target === "openapi-3.0" ? "items" : "additionalItems";
  const prefixItems = def.items.map((x, i) => processSchema(x, ctx, {
    ...params,
    path: [...params.path, prefixPath, i]
  }));
  const rest = def.rest ? processSchema(def.rest, ctx, {
    ...params,
    path: [...params.path, restPath, ...ctx.target === "openapi-3.0" ? [def.items.length] : []]
  }) : null;
  let minItems = def.items.length;
  while (minItems > 0) {
    const item = def.items[minItems - 1];
    const optional2 = ctx.io === "input" ? inputOptin(item) !== void 0 : item._zod.optout === "optional";
    if (!optional2)
      break;
    minItems--;
  }
  const maxItems = def.items.length;
  const isClosed = !def.rest;
  if (ctx.target === "draft-2020-12") {
    json2.prefixItems = prefixItems;
    if (isClosed) {
      json2.items = false;
    } else if (rest) {
      json2.items = rest;
    }
    if (minItems > 0)
      json2.minItems = minItems;
    if (isClosed)
      json2.maxItems = maxItems;
  } else if (ctx.target === "openapi-3.0") {
    json2.items = {
      anyOf: prefixItems
    };
    if (rest) {
      json2.items.anyOf.push(rest);
    }
    if (minItems > 0)
      json2.minItems = minItems;
    if (isClosed)
      json2.maxItems = maxItems;
  } else {
    json2.items = prefixItems;
    if (isClosed) {
      json2.additionalItems = false;
    } else if (rest) {
      json2.additionalItems = rest;
    }
    if (minItems > 0)
      json2.minItems = minItems;
    if (isClosed)
      json2.maxItems = maxItems;
  }
  const { minimum, maximum } = aggregateChecks(schema);
  if (typeof minimum === "number")
    json2.minItems = minimum;
  if (typeof maximum === "number")
    json2.maxItems = maximum;
};
function stringifyKeyNames(bySchema, json2, visited) {
  if (json2.$ref) {
    if (visited.has(json2))
      return json2;
    visited.add(json2);
    const def = bySchema.get(json2)?.def;
    if (!def)
      return json2;
    const inlined = stringifyKeyNames(bySchema, def, visited);
    return inlined === def ? json2 : inlined;
  }
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = json2[keyword];
    if (!Array.isArray(branches))
      continue;
    const mapped = branches.map((branch) => stringifyKeyNames(bySchema, branch, visited));
    if (mapped.some((branch, i) => branch !== branches[i]))
      json2 = { ...json2, [keyword]: mapped };
  }
  const types = Array.isArray(json2.type) ? json2.type : [json2.type];
  const numericType = !types.includes("string") && types.some((t) => t === "number" || t === "integer");
  const values = json2.enum ?? (json2.const !== void 0 ? [json2.const] : void 0);
  if (!numericType && !values?.some((v) => typeof v === "number"))
    return json2;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format, id, ...rest } = json2;
  if (rest.enum)
    rest.enum = rest.enum.map((v) => typeof v === "number" ? String(v) : v);
  else if (typeof rest.const === "number")
    rest.const = String(rest.const);
  if (!numericType)
    return rest;
  rest.type = "string";
  if (!values)
    rest.pattern = (types.includes("number") ? number : integer).source;
  return rest;
}
var pendingRecords = /* @__PURE__ */ new WeakMap();
function rewriteKeyNames(ctx) {
  const bySchema = /* @__PURE__ */ new Map();
  for (const entry2 of ctx.seen.values()) {
    if (entry2.def && !bySchema.has(entry2.schema))
      bySchema.set(entry2.schema, entry2);
  }
  const rewrites = /* @__PURE__ */ new Map();
  for (const record3 of pendingRecords.get(ctx) ?? []) {
    const seen = ctx.seen.get(record3);
    const names = (seen?.def ?? seen?.schema)?.propertyNames;
    if (!names || names === true || rewrites.has(names))
      continue;
    const rewritten = stringifyKeyNames(bySchema, names, /* @__PURE__ */ new Set());
    if (rewritten !== names)
      rewrites.set(names, rewritten);
  }
  if (!rewrites.size)
    return;
  for (const entry2 of ctx.seen.values()) {
    for (const carrier of [entry2.schema, entry2.def]) {
      const rewritten = carrier && rewrites.get(carrier.propertyNames);
      if (rewritten)
        carrier.propertyNames = rewritten;
    }
  }
}
var recordProcessor = (schema, ctx, _json, params) => {
  const json2 = _json;
  const def = schema._zod.def;
  json2.type = "object";
  const keyType = def.keyType;
  const patterns = aggregateChecks(keyType).patterns;
  if (def.mode === "loose" && patterns && patterns.size > 0) {
    const valueSchema = processSchema(def.valueType, ctx, {
      ...params,
      path: [...params.path, "patternProperties", "*"]
    });
    json2.patternProperties = {};
    for (const pattern of patterns) {
      assignProp(json2.patternProperties, exactPattern(pattern).source, valueSchema);
    }
  } else {
    if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
      json2.propertyNames = processSchema(def.keyType, ctx, {
        ...params,
        path: [...params.path, "propertyNames"]
      });
      let pending = pendingRecords.get(ctx);
      if (!pending) {
        pending = [];
        pendingRecords.set(ctx, pending);
        ctx.deferred.push(() => rewriteKeyNames(ctx));
      }
      pending.push(schema);
    }
    json2.additionalProperties = processSchema(def.valueType, ctx, {
      ...params,
      path: [...params.path, "additionalProperties"]
    });
  }
  const keyValues = keyType._zod.values;
  const omittableOnInput = ctx.io === "input" && inputOptin(def.valueType) !== void 0;
  if (keyValues && !def.partial && !omittableOnInput) {
    const validKeyValues = [...keyValues].filter((v) => typeof v === "string" || typeof v === "number");
    if (validKeyValues.length > 0) {
      json2.required = validKeyValues.map(String);
    }
  }
};
var nullableProcessor = (schema, ctx, json2, params) => {
  const def = schema._zod.def;
  const inner = processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  if (ctx.target === "openapi-3.0") {
    seen.ref = def.innerType;
    json2.nullable = true;
  } else {
    json2.anyOf = [inner, { type: "null" }];
  }
};
var nonoptionalProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
};
var UNREPRESENTABLE_DEFAULT = /* @__PURE__ */ Symbol();
function serializeDefaultValue(value, schema, ctx, json2, params) {
  let unrepresentable = false;
  const serialized = JSON.stringify(value, (_, val) => {
    if (typeof val !== "bigint")
      return val;
    unrepresentable = true;
    return null;
  });
  if (!unrepresentable)
    return JSON.parse(serialized);
  handleUnrepresentable(schema, ctx, json2, params, "BigInt defaults cannot be represented in JSON Schema");
  return UNREPRESENTABLE_DEFAULT;
}
var defaultProcessor = (schema, ctx, json2, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  const value = serializeDefaultValue(def.defaultValue, schema, ctx, json2, params);
  if (value !== UNREPRESENTABLE_DEFAULT)
    json2.default = value;
};
var prefaultProcessor = (schema, ctx, json2, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  if (ctx.io !== "input")
    return;
  const value = serializeDefaultValue(def.defaultValue, schema, ctx, json2, params);
  if (value !== UNREPRESENTABLE_DEFAULT)
    json2._prefault = value;
};
var catchProcessor = (schema, ctx, json2, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  let catchValue;
  try {
    catchValue = def.catchValue(void 0);
  } catch {
    handleUnrepresentable(schema, ctx, json2, params, "Dynamic catch values are not supported in JSON Schema");
    return;
  }
  json2.default = catchValue;
};
var pipeProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  const inIsTransform = def.in._zod.traits.has("$ZodTransform");
  const innerType = ctx.io === "input" ? inIsTransform ? def.out : def.in : def.out;
  processSchema(innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = innerType;
};
var readonlyProcessor = (schema, ctx, json2, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  json2.readOnly = true;
};
var promiseProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
};
var optionalProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
};
var lazyProcessor = (schema, ctx, _json, params) => {
  const innerType = schema._zod.innerType;
  processSchema(innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = innerType;
};
var allProcessors = {
  string: stringProcessor,
  number: numberProcessor,
  boolean: booleanProcessor,
  bigint: bigintProcessor,
  symbol: symbolProcessor,
  null: nullProcessor,
  undefined: undefinedProcessor,
  void: voidProcessor,
  never: neverProcessor,
  any: anyProcessor,
  unknown: unknownProcessor,
  date: dateProcessor,
  enum: enumProcessor,
  literal: literalProcessor,
  nan: nanProcessor,
  template_literal: templateLiteralProcessor,
  file: fileProcessor,
  success: successProcessor,
  custom: customProcessor,
  function: functionProcessor,
  transform: transformProcessor,
  map: mapProcessor,
  set: setProcessor,
  array: arrayProcessor,
  object: objectProcessor,
  union: unionProcessor,
  intersection: intersectionProcessor,
  tuple: tupleProcessor,
  record: recordProcessor,
  nullable: nullableProcessor,
  nonoptional: nonoptionalProcessor,
  default: defaultProcessor,
  prefault: prefaultProcessor,
  catch: catchProcessor,
  pipe: pipeProcessor,
  readonly: readonlyProcessor,
  promise: promiseProcessor,
  optional: optionalProcessor,
  lazy: lazyProcessor
};
function toJSONSchema(input2, params) {
  if ("_idmap" in input2) {
    const registry2 = input2;
    const ctx2 = initializeContext({ ...params, processors: allProcessors });
    const defs = {};
    for (const entry2 of registry2._idmap.entries()) {
      const [_, schema] = entry2;
      processSchema(schema, ctx2);
    }
    const schemas = {};
    const external = {
      registry: registry2,
      uri: params?.uri,
      defs
    };
    ctx2.external = external;
    for (const entry2 of registry2._idmap.entries()) {
      const [key, schema] = entry2;
      extractDefs(ctx2, schema);
      assignProp(schemas, key, finalize(ctx2, schema));
    }
    if (Object.keys(defs).length > 0) {
      const defsSegment = ctx2.target === "draft-2020-12" ? "$defs" : "definitions";
      schemas.__shared = {
        [defsSegment]: defs
      };
    }
    return { schemas };
  }
  const ctx = initializeContext({ ...params, processors: allProcessors });
  processSchema(input2, ctx);
  extractDefs(ctx, input2);
  return finalize(ctx, input2);
}

// node_modules/zod/v4/core/json-schema-generator.js
var JSONSchemaGenerator = class {
  /** @deprecated Access via ctx instead */
  get metadataRegistry() {
    return this.ctx.metadataRegistry;
  }
  /** @deprecated Access via ctx instead */
  get target() {
    return this.ctx.target;
  }
  // annotated so the .d.cts emits an indexed access rather than an inline `import()` of an ESM path
  /** @deprecated Access via ctx instead */
  get unrepresentable() {
    return this.ctx.unrepresentable;
  }
  /** @deprecated Access via ctx instead */
  get override() {
    return this.ctx.override;
  }
  /** @deprecated Access via ctx instead */
  get io() {
    return this.ctx.io;
  }
  /** @deprecated Access via ctx instead */
  get counter() {
    return this.ctx.counter;
  }
  set counter(value) {
    this.ctx.counter = value;
  }
  /** @deprecated Access via ctx instead */
  get seen() {
    return this.ctx.seen;
  }
  constructor(params) {
    let normalizedTarget = params?.target ?? "draft-2020-12";
    if (normalizedTarget === "draft-4")
      normalizedTarget = "draft-04";
    if (normalizedTarget === "draft-7")
      normalizedTarget = "draft-07";
    this.ctx = initializeContext({
      processors: allProcessors,
      target: normalizedTarget,
      ...params?.metadata && { metadata: params.metadata },
      ...params?.unrepresentable && { unrepresentable: params.unrepresentable },
      ...params?.override && { override: params.override },
      ...params?.io && { io: params.io }
    });
  }
  /**
   * Process a schema to prepare it for JSON Schema generation.
   * This must be called before emit().
   */
  process(schema, _params = { path: [], schemaPath: [] }) {
    return processSchema(schema, this.ctx, _params);
  }
  /**
   * Emit the final JSON Schema after processing.
   * Must call process() first.
   */
  emit(schema, _params) {
    if (_params) {
      if (_params.cycles)
        this.ctx.cycles = _params.cycles;
      if (_params.reused)
        this.ctx.reused = _params.reused;
      if (_params.external)
        this.ctx.external = _params.external;
    }
    this.ctx.sharedDefsExtractedFor = void 0;
    this.ctx.sharedEmitDoneFor = void 0;
    extractDefs(this.ctx, schema);
    const result = finalize(this.ctx, schema);
    const { "~standard": _, ...plainResult } = result;
    return plainResult;
  }
};

// node_modules/zod/v4/core/json-schema.js
var json_schema_exports = {};

// node_modules/zod/v4/classic/schemas.js
var schemas_exports2 = {};
__export(schemas_exports2, {
  ZodAny: () => ZodAny,
  ZodArray: () => ZodArray,
  ZodBase64: () => ZodBase64,
  ZodBase64URL: () => ZodBase64URL,
  ZodBigInt: () => ZodBigInt,
  ZodBigIntFormat: () => ZodBigIntFormat,
  ZodBoolean: () => ZodBoolean,
  ZodCIDRv4: () => ZodCIDRv4,
  ZodCIDRv6: () => ZodCIDRv6,
  ZodCUID: () => ZodCUID,
  ZodCUID2: () => ZodCUID2,
  ZodCatch: () => ZodCatch,
  ZodCodec: () => ZodCodec,
  ZodCreditCard: () => ZodCreditCard,
  ZodCustom: () => ZodCustom,
  ZodCustomStringFormat: () => ZodCustomStringFormat,
  ZodDate: () => ZodDate,
  ZodDefault: () => ZodDefault,
  ZodDiscriminatedUnion: () => ZodDiscriminatedUnion,
  ZodE164: () => ZodE164,
  ZodEmail: () => ZodEmail,
  ZodEmoji: () => ZodEmoji,
  ZodEnum: () => ZodEnum,
  ZodExactOptional: () => ZodExactOptional,
  ZodFile: () => ZodFile,
  ZodFunction: () => ZodFunction,
  ZodGUID: () => ZodGUID,
  ZodIBAN: () => ZodIBAN,
  ZodIPv4: () => ZodIPv4,
  ZodIPv6: () => ZodIPv6,
  ZodISODate: () => ZodISODate,
  ZodISODateTime: () => ZodISODateTime,
  ZodISODuration: () => ZodISODuration,
  ZodISOTime: () => ZodISOTime,
  ZodInstanceOf: () => ZodInstanceOf,
  ZodIntersection: () => ZodIntersection,
  ZodJWT: () => ZodJWT,
  ZodKSUID: () => ZodKSUID,
  ZodLazy: () => ZodLazy,
  ZodLiteral: () => ZodLiteral,
  ZodMAC: () => ZodMAC,
  ZodMap: () => ZodMap,
  ZodNaN: () => ZodNaN,
  ZodNanoID: () => ZodNanoID,
  ZodNever: () => ZodNever,
  ZodNonOptional: () => ZodNonOptional,
  ZodNull: () => ZodNull,
  ZodNullable: () => ZodNullable,
  ZodNumber: () => ZodNumber,
  ZodNumberFormat: () => ZodNumberFormat,
  ZodObject: () => ZodObject,
  ZodOptional: () => ZodOptional,
  ZodPipe: () => ZodPipe,
  ZodPrefault: () => ZodPrefault,
  ZodPreprocess: () => ZodPreprocess,
  ZodPromise: () => ZodPromise,
  ZodReadonly: () => ZodReadonly,
  ZodRecord: () => ZodRecord,
  ZodSet: () => ZodSet,
  ZodString: () => ZodString,
  ZodStringFormat: () => ZodStringFormat,
  ZodSuccess: () => ZodSuccess,
  ZodSymbol: () => ZodSymbol,
  ZodTemplateLiteral: () => ZodTemplateLiteral,
  ZodTransform: () => ZodTransform,
  ZodTuple: () => ZodTuple,
  ZodType: () => ZodType,
  ZodULID: () => ZodULID,
  ZodURL: () => ZodURL,
  ZodUUID: () => ZodUUID,
  ZodUndefined: () => ZodUndefined,
  ZodUnion: () => ZodUnion,
  ZodUnknown: () => ZodUnknown,
  ZodVoid: () => ZodVoid,
  ZodXID: () => ZodXID,
  ZodXor: () => ZodXor,
  _ZodString: () => _ZodString,
  _default: () => _default2,
  _function: () => _function,
  any: () => any,
  array: () => array,
  base64: () => base642,
  base64url: () => base64url2,
  bigint: () => bigint2,
  boolean: () => boolean2,
  catch: () => _catch2,
  check: () => check,
  cidrv4: () => cidrv42,
  cidrv6: () => cidrv62,
  codec: () => codec,
  creditCard: () => creditCard2,
  cuid: () => cuid3,
  cuid2: () => cuid22,
  currencyCode: () => currencyCode2,
  custom: () => custom,
  date: () => date2,
  describe: () => describe2,
  discriminatedUnion: () => discriminatedUnion,
  e164: () => e1642,
  email: () => email2,
  emoji: () => emoji2,
  enum: () => _enum2,
  exactOptional: () => exactOptional,
  file: () => file,
  float32: () => float32,
  float64: () => float64,
  function: () => _function,
  guid: () => guid2,
  hash: () => hash,
  hex: () => hex2,
  hostname: () => hostname2,
  httpUrl: () => httpUrl,
  iban: () => iban2,
  instanceof: () => _instanceof,
  int: () => int,
  int32: () => int32,
  int64: () => int64,
  intersection: () => intersection,
  invertCodec: () => invertCodec,
  ipv4: () => ipv42,
  ipv6: () => ipv62,
  json: () => json,
  jwt: () => jwt,
  keyof: () => keyof,
  ksuid: () => ksuid2,
  lazy: () => lazy,
  literal: () => literal,
  looseObject: () => looseObject,
  looseRecord: () => looseRecord,
  mac: () => mac2,
  map: () => map,
  meta: () => meta2,
  nan: () => nan,
  nanoid: () => nanoid2,
  nativeEnum: () => nativeEnum,
  never: () => never,
  nonoptional: () => nonoptional,
  null: () => _null3,
  nullable: () => nullable,
  nullish: () => nullish2,
  number: () => number2,
  object: () => object,
  optional: () => optional,
  partialRecord: () => partialRecord,
  pipe: () => pipe,
  prefault: () => prefault,
  preprocess: () => preprocess,
  promise: () => promise,
  readonly: () => readonly,
  record: () => record,
  refine: () => refine,
  set: () => set,
  strictObject: () => strictObject,
  string: () => string2,
  stringFormat: () => stringFormat,
  stringbool: () => stringbool,
  success: () => success,
  superRefine: () => superRefine,
  symbol: () => symbol,
  templateLiteral: () => templateLiteral,
  transform: () => transform,
  tuple: () => tuple,
  uint32: () => uint32,
  uint64: () => uint64,
  ulid: () => ulid2,
  undefined: () => _undefined3,
  union: () => union,
  unknown: () => unknown,
  url: () => url,
  uuid: () => uuid2,
  uuidv4: () => uuidv4,
  uuidv6: () => uuidv6,
  uuidv7: () => uuidv7,
  void: () => _void2,
  xid: () => xid2,
  xor: () => xor
});

// node_modules/zod/v4/classic/checks.js
var checks_exports2 = {};
__export(checks_exports2, {
  endsWith: () => _endsWith,
  gt: () => _gt,
  gte: () => _gte,
  includes: () => _includes,
  length: () => _length,
  lowercase: () => _lowercase,
  lt: () => _lt,
  lte: () => _lte,
  maxLength: () => _maxLength,
  maxSize: () => _maxSize,
  mime: () => _mime,
  minLength: () => _minLength,
  minSize: () => _minSize,
  multipleOf: () => _multipleOf,
  negative: () => _negative,
  nonnegative: () => _nonnegative,
  nonpositive: () => _nonpositive,
  normalize: () => _normalize,
  overwrite: () => _overwrite,
  positive: () => _positive,
  properties: () => _properties,
  property: () => _property,
  regex: () => _regex,
  size: () => _size,
  slugify: () => _slugify,
  startsWith: () => _startsWith,
  toLowerCase: () => _toLowerCase,
  toUpperCase: () => _toUpperCase,
  trim: () => _trim,
  uppercase: () => _uppercase
});

// node_modules/zod/v4/classic/errors.js
var _installedErrorProtos = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
function _lazyMethod(proto, key, make) {
  Object.defineProperty(proto, key, {
    configurable: true,
    enumerable: false,
    get() {
      const value = make(this);
      Object.defineProperty(this, key, { value, configurable: true, writable: true });
      return value;
    },
    set(value) {
      Object.defineProperty(this, key, { value, configurable: true, writable: true });
    }
  });
}
var initializer2 = (inst, issues) => {
  $ZodError.init(inst, issues);
  inst.name = "ZodError";
  const proto = Object.getPrototypeOf(inst);
  if (_installedErrorProtos.has(proto))
    return;
  _installedErrorProtos.add(proto);
  _lazyMethod(proto, "format", (self) => (mapper) => formatError(self, mapper));
  _lazyMethod(proto, "flatten", (self) => (mapper) => flattenError(self, mapper));
  _lazyMethod(proto, "addIssue", (self) => (issue2) => {
    self.issues.push(issue2);
    self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
  });
  _lazyMethod(proto, "addIssues", (self) => (issues2) => {
    self.issues.push(...issues2);
    self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
  });
  Object.defineProperty(proto, "isEmpty", {
    configurable: true,
    enumerable: false,
    get() {
      return this.issues.length === 0;
    }
  });
};
var ZodError = /* @__PURE__ */ $constructor("ZodError", initializer2);
var ZodRealError = /* @__PURE__ */ $constructor("ZodError", initializer2, void 0, {
  Parent: Error
});

// node_modules/zod/v4/classic/parse.js
var parse2 = /* @__PURE__ */ _parse(ZodRealError);
var parseAsync2 = /* @__PURE__ */ _parseAsync(ZodRealError);
var safeParse2 = /* @__PURE__ */ _safeParse(ZodRealError);
var safeParseAsync2 = /* @__PURE__ */ _safeParseAsync(ZodRealError);
var encode2 = /* @__PURE__ */ _encode(ZodRealError);
var decode2 = /* @__PURE__ */ _decode(ZodRealError);
var encodeAsync2 = /* @__PURE__ */ _encodeAsync(ZodRealError);
var decodeAsync2 = /* @__PURE__ */ _decodeAsync(ZodRealError);
var safeEncode2 = /* @__PURE__ */ _safeEncode(ZodRealError);
var safeDecode2 = /* @__PURE__ */ _safeDecode(ZodRealError);
var safeEncodeAsync2 = /* @__PURE__ */ _safeEncodeAsync(ZodRealError);
var safeDecodeAsync2 = /* @__PURE__ */ _safeDecodeAsync(ZodRealError);

// node_modules/zod/v4/classic/schemas.js
function _ensureDefaultLocale() {
  if (!globalConfig.localeError)
    config(en_default());
}
function _ensureDefaultMemoizer() {
  if (!globalConfig.memoizer)
    config({ memoizer: memoizer() });
}
var ZodType = /* @__PURE__ */ $constructor("ZodType", (inst, def) => {
  _ensureDefaultLocale();
  $ZodType.init(inst, def);
  inst.def = def;
  inst.type = def.type;
  return inst;
}, {
  check(...chks) {
    const def = this.def;
    return this.clone(util_exports.mergeDefs(def, {
      checks: [
        ...def.checks ?? [],
        ...chks.map((ch) => typeof ch === "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch)
      ]
    }), { parent: true });
  },
  with(...chks) {
    return this.check(...chks);
  },
  clone(def, params) {
    return clone(this, def, params);
  },
  brand() {
    return this;
  },
  register(reg, meta3) {
    reg.add(this, meta3);
    return this;
  },
  refine(check2, params) {
    return this.check(refine(check2, params));
  },
  superRefine(refinement, params) {
    return this.check(superRefine(refinement, params));
  },
  overwrite(fn) {
    return this.check(_overwrite(fn));
  },
  optional() {
    return optional(this);
  },
  exactOptional() {
    return exactOptional(this);
  },
  nullable() {
    return nullable(this);
  },
  nullish() {
    return optional(nullable(this));
  },
  nonoptional(params) {
    return nonoptional(this, params);
  },
  array() {
    return array(this);
  },
  or(arg) {
    return union([this, arg]);
  },
  and(arg) {
    return intersection(this, arg);
  },
  transform(tx) {
    return pipe(this, transform(tx));
  },
  default(d) {
    return _default2(this, d);
  },
  prefault(d) {
    return prefault(this, d);
  },
  catch(params) {
    return _catch2(this, params);
  },
  pipe(target) {
    return pipe(this, target);
  },
  readonly() {
    return readonly(this);
  },
  describe(description) {
    const cl = this.clone();
    globalRegistry.add(cl, { description });
    return cl;
  },
  meta(...args) {
    if (args.length === 0)
      return globalRegistry.get(this);
    const cl = this.clone();
    globalRegistry.add(cl, args[0]);
    return cl;
  },
  isOptional() {
    return this.safeParse(void 0).success;
  },
  isNullable() {
    return this.safeParse(null).success;
  },
  apply(fn, ...args) {
    return args.length === 0 ? fn(this) : fn(this, ...args);
  },
  // Overrides core's `~standard` to add `jsonSchema`. Must stay a prototype entry: redefining it per instance demotes instances to dictionary mode.
  get "~standard"() {
    return util_exports.hide(this, "~standard", {
      ...standardProps(this),
      jsonSchema: {
        input: createStandardJSONSchemaMethod(this, "input"),
        output: createStandardJSONSchemaMethod(this, "output")
      }
    });
  },
  set "~standard"(value) {
    util_exports.own(this, "~standard", value);
  },
  parse: function _parse2(data, params) {
    return parse2(this, data, params, { callee: _parse2 });
  },
  parseAsync: async function _parseAsync2(data, params) {
    return await parseAsync2(this, data, params, { callee: _parseAsync2 });
  },
  safeParse(data, params) {
    return safeParse2(this, data, params);
  },
  async safeParseAsync(data, params) {
    return safeParseAsync2(this, data, params);
  },
  // `spa` is an alias: same function object as `safeParseAsync`, as before.
  get spa() {
    return this?.safeParseAsync;
  },
  set spa(value) {
    util_exports.own(this, "spa", value);
  },
  validate(data, params) {
    return validate(this, data, params);
  },
  validateAsync(data, params) {
    return validateAsync(this, data, params);
  },
  encode: function _encode2(data, params) {
    return encode2(this, data, params, { callee: _encode2 });
  },
  decode: function _decode2(data, params) {
    return decode2(this, data, params, { callee: _decode2 });
  },
  encodeAsync: async function _encodeAsync2(data, params) {
    return await encodeAsync2(this, data, params, { callee: _encodeAsync2 });
  },
  decodeAsync: async function _decodeAsync2(data, params) {
    return await decodeAsync2(this, data, params, { callee: _decodeAsync2 });
  },
  safeEncode(data, params) {
    return safeEncode2(this, data, params);
  },
  safeDecode(data, params) {
    return safeDecode2(this, data, params);
  },
  async safeEncodeAsync(data, params) {
    return safeEncodeAsync2(this, data, params);
  },
  async safeDecodeAsync(data, params) {
    return safeDecodeAsync2(this, data, params);
  },
  toJSONSchema(params) {
    return createToJSONSchemaMethod(this, {})(params);
  },
  // Reads through to the registry on every access, so it must not cache.
  get description() {
    return globalRegistry.get(this)?.description;
  },
  // No setter: `schema._def = x` throws, as it did when `_def` was a non-writable own property.
  get _def() {
    return this._zod.def;
  }
});
var _ZodString = /* @__PURE__ */ $constructor(
  "_ZodString",
  (inst, def) => {
    $ZodString.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json2, params) => stringProcessor(inst, ctx, json2, params);
  },
  /* @__PURE__ */ util_exports.derived({
    format: (inst) => aggregateChecks(inst).format ?? null,
    minLength: (inst) => aggregateChecks(inst).minimum ?? null,
    maxLength: (inst) => aggregateChecks(inst).maximum ?? null
  }, {
    regex(...args) {
      return this.check(_regex(...args));
    },
    includes(...args) {
      return this.check(_includes(...args));
    },
    startsWith(...args) {
      return this.check(_startsWith(...args));
    },
    endsWith(...args) {
      return this.check(_endsWith(...args));
    },
    min(...args) {
      return this.check(_minLength(...args));
    },
    max(...args) {
      return this.check(_maxLength(...args));
    },
    length(...args) {
      return this.check(_length(...args));
    },
    nonempty(...args) {
      return this.check(_minLength(1, ...args));
    },
    lowercase(params) {
      return this.check(_lowercase(params));
    },
    uppercase(params) {
      return this.check(_uppercase(params));
    },
    trim() {
      return this.check(_trim());
    },
    normalize(...args) {
      return this.check(_normalize(...args));
    },
    toLowerCase() {
      return this.check(_toLowerCase());
    },
    toUpperCase() {
      return this.check(_toUpperCase());
    },
    slugify() {
      return this.check(_slugify());
    }
  })
);
var ZodString = /* @__PURE__ */ $constructor("ZodString", (inst, def) => {
  $ZodString.init(inst, def);
  _ZodString.init(inst, def);
}, {
  email(params) {
    return this.check(_email(ZodEmail, params));
  },
  url(params) {
    return this.check(_url(ZodURL, params));
  },
  jwt(params) {
    return this.check(_jwt(ZodJWT, params));
  },
  emoji(params) {
    return this.check(_emoji2(ZodEmoji, params));
  },
  guid(params) {
    return this.check(_guid(ZodGUID, params));
  },
  uuid(params) {
    return this.check(_uuid(ZodUUID, params));
  },
  uuidv4(params) {
    return this.check(_uuidv4(ZodUUID, params));
  },
  uuidv6(params) {
    return this.check(_uuidv6(ZodUUID, params));
  },
  uuidv7(params) {
    return this.check(_uuidv7(ZodUUID, params));
  },
  nanoid(params) {
    return this.check(_nanoid(ZodNanoID, params));
  },
  cuid(params) {
    return this.check(_cuid(ZodCUID, params));
  },
  cuid2(params) {
    return this.check(_cuid2(ZodCUID2, params));
  },
  ulid(params) {
    return this.check(_ulid(ZodULID, params));
  },
  base64(params) {
    return this.check(_base64(ZodBase64, params));
  },
  base64url(params) {
    return this.check(_base64url(ZodBase64URL, params));
  },
  xid(params) {
    return this.check(_xid(ZodXID, params));
  },
  ksuid(params) {
    return this.check(_ksuid(ZodKSUID, params));
  },
  ipv4(params) {
    return this.check(_ipv4(ZodIPv4, params));
  },
  ipv6(params) {
    return this.check(_ipv6(ZodIPv6, params));
  },
  cidrv4(params) {
    return this.check(_cidrv4(ZodCIDRv4, params));
  },
  cidrv6(params) {
    return this.check(_cidrv6(ZodCIDRv6, params));
  },
  e164(params) {
    return this.check(_e164(ZodE164, params));
  },
  datetime(params) {
    return this.check(_isoDateTime(ZodISODateTime, params));
  },
  date(params) {
    return this.check(_isoDate(ZodISODate, params));
  },
  time(params) {
    return this.check(_isoTime(ZodISOTime, params));
  },
  duration(params) {
    return this.check(_isoDuration(ZodISODuration, params));
  }
});
function string2(params) {
  return _string(ZodString, params);
}
var ZodStringFormat = /* @__PURE__ */ $constructor("ZodStringFormat", (inst, def) => {
  $ZodStringFormat.init(inst, def);
  _ZodString.init(inst, def);
});
var ZodISODateTime = /* @__PURE__ */ $constructor("ZodISODateTime", (inst, def) => {
  $ZodISODateTime.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodISODate = /* @__PURE__ */ $constructor("ZodISODate", (inst, def) => {
  $ZodISODate.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodISOTime = /* @__PURE__ */ $constructor("ZodISOTime", (inst, def) => {
  $ZodISOTime.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodISODuration = /* @__PURE__ */ $constructor("ZodISODuration", (inst, def) => {
  $ZodISODuration.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodEmail = /* @__PURE__ */ $constructor("ZodEmail", (inst, def) => {
  $ZodEmail.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function email2(params) {
  return _email(ZodEmail, params);
}
var ZodGUID = /* @__PURE__ */ $constructor("ZodGUID", (inst, def) => {
  $ZodGUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function guid2(params) {
  return _guid(ZodGUID, params);
}
var ZodUUID = /* @__PURE__ */ $constructor("ZodUUID", (inst, def) => {
  $ZodUUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function uuid2(params) {
  return _uuid(ZodUUID, params);
}
function uuidv4(params) {
  return _uuidv4(ZodUUID, params);
}
function uuidv6(params) {
  return _uuidv6(ZodUUID, params);
}
function uuidv7(params) {
  return _uuidv7(ZodUUID, params);
}
var ZodURL = /* @__PURE__ */ $constructor("ZodURL", (inst, def) => {
  $ZodURL.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function url(params) {
  return _url(ZodURL, params);
}
function httpUrl(params) {
  return _url(ZodURL, {
    protocol: httpProtocol,
    hostname: domain,
    ...util_exports.normalizeParams(params)
  });
}
var ZodEmoji = /* @__PURE__ */ $constructor("ZodEmoji", (inst, def) => {
  $ZodEmoji.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function emoji2(params) {
  return _emoji2(ZodEmoji, params);
}
var ZodNanoID = /* @__PURE__ */ $constructor("ZodNanoID", (inst, def) => {
  $ZodNanoID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function nanoid2(params) {
  return _nanoid(ZodNanoID, params);
}
var ZodCUID = /* @__PURE__ */ $constructor("ZodCUID", (inst, def) => {
  $ZodCUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function cuid3(params) {
  return _cuid(ZodCUID, params);
}
var ZodCUID2 = /* @__PURE__ */ $constructor("ZodCUID2", (inst, def) => {
  $ZodCUID2.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function cuid22(params) {
  return _cuid2(ZodCUID2, params);
}
var ZodULID = /* @__PURE__ */ $constructor("ZodULID", (inst, def) => {
  $ZodULID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function ulid2(params) {
  return _ulid(ZodULID, params);
}
var ZodXID = /* @__PURE__ */ $constructor("ZodXID", (inst, def) => {
  $ZodXID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function xid2(params) {
  return _xid(ZodXID, params);
}
var ZodKSUID = /* @__PURE__ */ $constructor("ZodKSUID", (inst, def) => {
  $ZodKSUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function ksuid2(params) {
  return _ksuid(ZodKSUID, params);
}
var ZodIPv4 = /* @__PURE__ */ $constructor("ZodIPv4", (inst, def) => {
  $ZodIPv4.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function ipv42(params) {
  return _ipv4(ZodIPv4, params);
}
var ZodMAC = /* @__PURE__ */ $constructor("ZodMAC", (inst, def) => {
  $ZodMAC.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function mac2(params) {
  return _mac(ZodMAC, params);
}
var ZodIPv6 = /* @__PURE__ */ $constructor("ZodIPv6", (inst, def) => {
  $ZodIPv6.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function ipv62(params) {
  return _ipv6(ZodIPv6, params);
}
var ZodCIDRv4 = /* @__PURE__ */ $constructor("ZodCIDRv4", (inst, def) => {
  $ZodCIDRv4.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function cidrv42(params) {
  return _cidrv4(ZodCIDRv4, params);
}
var ZodCIDRv6 = /* @__PURE__ */ $constructor("ZodCIDRv6", (inst, def) => {
  $ZodCIDRv6.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function cidrv62(params) {
  return _cidrv6(ZodCIDRv6, params);
}
var ZodBase64 = /* @__PURE__ */ $constructor("ZodBase64", (inst, def) => {
  $ZodBase64.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function base642(params) {
  return _base64(ZodBase64, params);
}
var ZodBase64URL = /* @__PURE__ */ $constructor("ZodBase64URL", (inst, def) => {
  $ZodBase64URL.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function base64url2(params) {
  return _base64url(ZodBase64URL, params);
}
var ZodE164 = /* @__PURE__ */ $constructor("ZodE164", (inst, def) => {
  $ZodE164.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function e1642(params) {
  return _e164(ZodE164, params);
}
var ZodCreditCard = /* @__PURE__ */ $constructor("ZodCreditCard", (inst, def) => {
  $ZodCreditCard.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function creditCard2(params) {
  return _creditCard(ZodCreditCard, params);
}
var ZodIBAN = /* @__PURE__ */ $constructor("ZodIBAN", (inst, def) => {
  $ZodIBAN.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function iban2(params) {
  return _iban(ZodIBAN, params);
}
var ZodJWT = /* @__PURE__ */ $constructor("ZodJWT", (inst, def) => {
  $ZodJWT.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function jwt(params) {
  return _jwt(ZodJWT, params);
}
var ZodCustomStringFormat = /* @__PURE__ */ $constructor("ZodCustomStringFormat", (inst, def) => {
  $ZodCustomStringFormat.init(inst, def);
  ZodStringFormat.init(inst, def);
});
function stringFormat(format, fnOrRegex, _params = {}) {
  return _stringFormat(ZodCustomStringFormat, format, fnOrRegex, _params);
}
function hostname2(_params) {
  return _stringFormat(ZodCustomStringFormat, "hostname", hostname, _params);
}
function hex2(_params) {
  return _stringFormat(ZodCustomStringFormat, "hex", hex, _params);
}
function currencyCode2(_params) {
  return _stringFormat(ZodCustomStringFormat, "currency_code", currencyCode, _params);
}
function hash(alg, params) {
  const enc = params?.enc ?? "hex";
  const format = `${alg}_${enc}`;
  const regex = regexes_exports[format];
  if (!regex)
    throw new Error(`Unrecognized hash format: ${format}`);
  return _stringFormat(ZodCustomStringFormat, format, regex, params);
}
var ZodNumber = /* @__PURE__ */ $constructor(
  "ZodNumber",
  (inst, def) => {
    $ZodNumber.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json2, params) => numberProcessor(inst, ctx, json2, params);
    inst.isFinite = true;
  },
  /* @__PURE__ */ util_exports.derived({
    minValue: (inst) => {
      const { minimum, exclusiveMinimum } = aggregateChecks(inst);
      return Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
    },
    maxValue: (inst) => {
      const { maximum, exclusiveMaximum } = aggregateChecks(inst);
      return Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
    },
    isInt: (inst) => {
      const { isInt, multipleOf } = aggregateChecks(inst);
      return !!isInt || !!multipleOf?.some(Number.isSafeInteger);
    },
    format: (inst) => aggregateChecks(inst).format ?? null
  }, {
    gt(value, params) {
      return this.check(_gt(value, params));
    },
    gte(value, params) {
      return this.check(_gte(value, params));
    },
    min(value, params) {
      return this.check(_gte(value, params));
    },
    lt(value, params) {
      return this.check(_lt(value, params));
    },
    lte(value, params) {
      return this.check(_lte(value, params));
    },
    max(value, params) {
      return this.check(_lte(value, params));
    },
    int(params) {
      return this.check(int(params));
    },
    safe(params) {
      return this.check(int(params));
    },
    positive(params) {
      return this.check(_gt(0, params));
    },
    nonnegative(params) {
      return this.check(_gte(0, params));
    },
    negative(params) {
      return this.check(_lt(0, params));
    },
    nonpositive(params) {
      return this.check(_lte(0, params));
    },
    multipleOf(value, params) {
      return this.check(_multipleOf(value, params));
    },
    step(value, params) {
      return this.check(_multipleOf(value, params));
    },
    finite() {
      return this;
    }
  })
);
function number2(params) {
  return _number(ZodNumber, params);
}
var ZodNumberFormat = /* @__PURE__ */ $constructor("ZodNumberFormat", (inst, def) => {
  $ZodNumberFormat.init(inst, def);
  ZodNumber.init(inst, def);
});
function int(params) {
  return _int(ZodNumberFormat, params);
}
function float32(params) {
  return _float32(ZodNumberFormat, params);
}
function float64(params) {
  return _float64(ZodNumberFormat, params);
}
function int32(params) {
  return _int32(ZodNumberFormat, params);
}
function uint32(params) {
  return _uint32(ZodNumberFormat, params);
}
var ZodBoolean = /* @__PURE__ */ $constructor("ZodBoolean", (inst, def) => {
  $ZodBoolean.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => booleanProcessor(inst, ctx, json2, params);
});
function boolean2(params) {
  return _boolean(ZodBoolean, params);
}
var ZodBigInt = /* @__PURE__ */ $constructor(
  "ZodBigInt",
  (inst, def) => {
    $ZodBigInt.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json2, params) => bigintProcessor(inst, ctx, json2, params);
  },
  /* @__PURE__ */ util_exports.derived({
    minValue: (inst) => aggregateChecks(inst).minimum ?? null,
    maxValue: (inst) => aggregateChecks(inst).maximum ?? null,
    format: (inst) => aggregateChecks(inst).format ?? null
  }, {
    gte(value, params) {
      return this.check(_gte(value, params));
    },
    min(value, params) {
      return this.check(_gte(value, params));
    },
    gt(value, params) {
      return this.check(_gt(value, params));
    },
    lt(value, params) {
      return this.check(_lt(value, params));
    },
    lte(value, params) {
      return this.check(_lte(value, params));
    },
    max(value, params) {
      return this.check(_lte(value, params));
    },
    positive(params) {
      return this.check(_gt(BigInt(0), params));
    },
    negative(params) {
      return this.check(_lt(BigInt(0), params));
    },
    nonpositive(params) {
      return this.check(_lte(BigInt(0), params));
    },
    nonnegative(params) {
      return this.check(_gte(BigInt(0), params));
    },
    multipleOf(value, params) {
      return this.check(_multipleOf(value, params));
    }
  })
);
function bigint2(params) {
  return _bigint(ZodBigInt, params);
}
var ZodBigIntFormat = /* @__PURE__ */ $constructor("ZodBigIntFormat", (inst, def) => {
  $ZodBigIntFormat.init(inst, def);
  ZodBigInt.init(inst, def);
});
function int64(params) {
  return _int64(ZodBigIntFormat, params);
}
function uint64(params) {
  return _uint64(ZodBigIntFormat, params);
}
var ZodSymbol = /* @__PURE__ */ $constructor("ZodSymbol", (inst, def) => {
  $ZodSymbol.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => symbolProcessor(inst, ctx, json2, params);
});
function symbol(params) {
  return _symbol(ZodSymbol, params);
}
var ZodUndefined = /* @__PURE__ */ $constructor("ZodUndefined", (inst, def) => {
  $ZodUndefined.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => undefinedProcessor(inst, ctx, json2, params);
});
function _undefined3(params) {
  return _undefined2(ZodUndefined, params);
}
var ZodNull = /* @__PURE__ */ $constructor("ZodNull", (inst, def) => {
  $ZodNull.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => nullProcessor(inst, ctx, json2, params);
});
function _null3(params) {
  return _null2(ZodNull, params);
}
var ZodAny = /* @__PURE__ */ $constructor("ZodAny", (inst, def) => {
  $ZodAny.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => anyProcessor(inst, ctx, json2, params);
});
function any() {
  return _any(ZodAny);
}
var ZodUnknown = /* @__PURE__ */ $constructor("ZodUnknown", (inst, def) => {
  $ZodUnknown.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => unknownProcessor(inst, ctx, json2, params);
});
function unknown() {
  return _unknown(ZodUnknown);
}
var ZodNever = /* @__PURE__ */ $constructor("ZodNever", (inst, def) => {
  $ZodNever.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => neverProcessor(inst, ctx, json2, params);
});
function never(params) {
  return _never(ZodNever, params);
}
var ZodVoid = /* @__PURE__ */ $constructor("ZodVoid", (inst, def) => {
  $ZodVoid.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => voidProcessor(inst, ctx, json2, params);
});
function _void2(params) {
  return _void(ZodVoid, params);
}
var ZodDate = /* @__PURE__ */ $constructor(
  "ZodDate",
  (inst, def) => {
    $ZodDate.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json2, params) => dateProcessor(inst, ctx, json2, params);
    inst.min = (value, params) => inst.check(_gte(value, params));
    inst.max = (value, params) => inst.check(_lte(value, params));
  },
  /* @__PURE__ */ util_exports.derived({
    minDate: (inst) => {
      const { minimum } = aggregateChecks(inst);
      return minimum ? new Date(minimum) : null;
    },
    maxDate: (inst) => {
      const { maximum } = aggregateChecks(inst);
      return maximum ? new Date(maximum) : null;
    }
  }, {})
);
function date2(params) {
  return _date(ZodDate, params);
}
var ZodArray = /* @__PURE__ */ $constructor("ZodArray", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodArray.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => arrayProcessor(inst, ctx, json2, params);
  inst.element = def.element;
}, {
  min(n, params) {
    return this.check(_minLength(n, params));
  },
  nonempty(params) {
    return this.check(_minLength(1, params));
  },
  max(n, params) {
    return this.check(_maxLength(n, params));
  },
  length(n, params) {
    return this.check(_length(n, params));
  },
  unwrap() {
    return this.element;
  }
});
function array(element, params) {
  return _array(ZodArray, element, params);
}
function keyof(schema) {
  const shape = schema._zod.def.shape;
  return _enum2(Object.keys(shape));
}
var ZodObject = /* @__PURE__ */ $constructor("ZodObject", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodObjectJIT.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => objectProcessor(inst, ctx, json2, params);
  util_exports.installLazyProp(inst, "shape", (self) => self._zod.def.shape, false);
}, {
  keyof() {
    return _enum2(Object.keys(this._zod.def.shape));
  },
  catchall(catchall) {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall }));
  },
  passthrough() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: unknown() }));
  },
  loose() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: unknown() }));
  },
  strict() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: never() }));
  },
  strip() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: void 0 }));
  },
  extend(incoming) {
    return util_exports.extend(this, incoming);
  },
  safeExtend(incoming) {
    return util_exports.safeExtend(this, incoming);
  },
  merge(other) {
    return util_exports.merge(this, other);
  },
  pick(mask) {
    return util_exports.pick(this, mask);
  },
  omit(mask) {
    return util_exports.omit(this, mask);
  },
  partial(...args) {
    return util_exports.partial(ZodOptional, this, args[0]);
  },
  exactPartial(...args) {
    return util_exports.partial(ZodExactOptional, this, args[0], "exactPartial");
  },
  required(...args) {
    return util_exports.required(ZodNonOptional, this, args[0]);
  }
});
function object(shape, params) {
  const def = {
    type: "object",
    shape: shape ?? {},
    ...util_exports.normalizeParams(params)
  };
  return new ZodObject(def);
}
function strictObject(shape, params) {
  return new ZodObject({
    type: "object",
    shape,
    catchall: never(),
    ...util_exports.normalizeParams(params)
  });
}
function looseObject(shape, params) {
  return new ZodObject({
    type: "object",
    shape,
    catchall: unknown(),
    ...util_exports.normalizeParams(params)
  });
}
var ZodUnion = /* @__PURE__ */ $constructor("ZodUnion", (inst, def) => {
  $ZodUnion.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => unionProcessor(inst, ctx, json2, params);
  inst.options = def.options;
});
function union(options, params) {
  return new ZodUnion({
    type: "union",
    options,
    ...util_exports.normalizeParams(params)
  });
}
var ZodXor = /* @__PURE__ */ $constructor("ZodXor", (inst, def) => {
  ZodUnion.init(inst, def);
  $ZodXor.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => unionProcessor(inst, ctx, json2, params);
  inst.options = def.options;
});
function xor(options, params) {
  return new ZodXor({
    type: "union",
    options,
    inclusive: false,
    ...util_exports.normalizeParams(params)
  });
}
var ZodDiscriminatedUnion = /* @__PURE__ */ $constructor("ZodDiscriminatedUnion", (inst, def) => {
  ZodUnion.init(inst, def);
  $ZodDiscriminatedUnion.init(inst, def);
});
function discriminatedUnion(discriminator, options, params) {
  return new ZodDiscriminatedUnion({
    type: "union",
    options,
    discriminator,
    ...util_exports.normalizeParams(params)
  });
}
var ZodIntersection = /* @__PURE__ */ $constructor("ZodIntersection", (inst, def) => {
  $ZodIntersection.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => intersectionProcessor(inst, ctx, json2, params);
});
function intersection(left, right) {
  return new ZodIntersection({
    type: "intersection",
    left,
    right
  });
}
var ZodTuple = /* @__PURE__ */ $constructor("ZodTuple", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodTuple.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => tupleProcessor(inst, ctx, json2, params);
}, {
  rest(rest) {
    return this.clone({
      ...this._zod.def,
      rest
    });
  },
  partial() {
    const def = this._zod.def;
    if (def.checks?.length)
      throw new Error(".partial() cannot be used on tuple schemas containing refinements");
    return this.clone({
      ...def,
      items: def.items.map((item) => new ZodOptional({ type: "optional", innerType: item }))
    });
  }
});
function tuple(items, _paramsOrRest, _params) {
  const hasRest = _paramsOrRest instanceof $ZodType;
  const params = hasRest ? _params : _paramsOrRest;
  const rest = hasRest ? _paramsOrRest : null;
  return new ZodTuple({
    type: "tuple",
    items,
    rest,
    ...util_exports.normalizeParams(params)
  });
}
var ZodRecord = /* @__PURE__ */ $constructor("ZodRecord", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodRecord.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => recordProcessor(inst, ctx, json2, params);
  inst.keyType = def.keyType;
  inst.valueType = def.valueType;
});
function record(keyType, valueType, params) {
  if (!valueType || !valueType._zod) {
    return new ZodRecord({
      type: "record",
      keyType: string2(),
      valueType: keyType,
      ...util_exports.normalizeParams(valueType)
    });
  }
  return new ZodRecord({
    type: "record",
    keyType,
    valueType,
    ...util_exports.normalizeParams(params)
  });
}
function partialRecord(keyType, valueType, params) {
  return new ZodRecord({
    type: "record",
    keyType,
    valueType,
    ...util_exports.normalizeParams(params),
    partial: true
  });
}
function looseRecord(keyType, valueType, params) {
  return new ZodRecord({
    type: "record",
    keyType,
    valueType,
    mode: "loose",
    ...util_exports.normalizeParams(params)
  });
}
var ZodMap = /* @__PURE__ */ $constructor("ZodMap", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodMap.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => mapProcessor(inst, ctx, json2, params);
  inst.keyType = def.keyType;
  inst.valueType = def.valueType;
  inst.min = (...args) => inst.check(_minSize(...args));
  inst.nonempty = (params) => inst.check(_minSize(1, params));
  inst.max = (...args) => inst.check(_maxSize(...args));
  inst.size = (...args) => inst.check(_size(...args));
});
function map(keyType, valueType, params) {
  return new ZodMap({
    type: "map",
    keyType,
    valueType,
    ...util_exports.normalizeParams(params)
  });
}
var ZodSet = /* @__PURE__ */ $constructor("ZodSet", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodSet.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => setProcessor(inst, ctx, json2, params);
  inst.min = (...args) => inst.check(_minSize(...args));
  inst.nonempty = (params) => inst.check(_minSize(1, params));
  inst.max = (...args) => inst.check(_maxSize(...args));
  inst.size = (...args) => inst.check(_size(...args));
});
function set(valueType, params) {
  return new ZodSet({
    type: "set",
    valueType,
    ...util_exports.normalizeParams(params)
  });
}
var ZodEnum = /* @__PURE__ */ $constructor("ZodEnum", (inst, def) => {
  $ZodEnum.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => enumProcessor(inst, ctx, json2, params);
  inst.enum = def.entries;
  inst.options = [...inst._zod.values];
  const keys = new Set(Object.keys(def.entries));
  inst.extract = (values, params) => {
    const newEntries = {};
    for (const value of values) {
      if (keys.has(value)) {
        newEntries[value] = def.entries[value];
      } else
        throw new Error(`Key ${value} not found in enum`);
    }
    return new ZodEnum({
      ...def,
      checks: [],
      ...util_exports.normalizeParams(params),
      entries: newEntries
    });
  };
  inst.exclude = (values, params) => {
    const newEntries = { ...def.entries };
    for (const value of values) {
      if (keys.has(value)) {
        delete newEntries[value];
      } else
        throw new Error(`Key ${value} not found in enum`);
    }
    return new ZodEnum({
      ...def,
      checks: [],
      ...util_exports.normalizeParams(params),
      entries: newEntries
    });
  };
});
function _enum2(values, params) {
  const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
  return new ZodEnum({
    type: "enum",
    entries,
    ...util_exports.normalizeParams(params)
  });
}
function nativeEnum(entries, params) {
  return new ZodEnum({
    type: "enum",
    entries,
    ...util_exports.normalizeParams(params)
  });
}
var ZodLiteral = /* @__PURE__ */ $constructor("ZodLiteral", (inst, def) => {
  $ZodLiteral.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => literalProcessor(inst, ctx, json2, params);
  inst.values = new Set(def.values);
  Object.defineProperty(inst, "value", {
    get() {
      if (def.values.length > 1) {
        throw new Error("This schema contains multiple valid literal values. Use `.values` instead.");
      }
      return def.values[0];
    }
  });
});
function literal(value, params) {
  return new ZodLiteral({
    type: "literal",
    values: Array.isArray(value) ? value : [value],
    ...util_exports.normalizeParams(params)
  });
}
var ZodFile = /* @__PURE__ */ $constructor("ZodFile", (inst, def) => {
  $ZodFile.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => fileProcessor(inst, ctx, json2, params);
  inst.min = (size, params) => inst.check(_minSize(size, params));
  inst.max = (size, params) => inst.check(_maxSize(size, params));
  inst.mime = (types, params) => inst.check(_mime(Array.isArray(types) ? types : [types], params));
});
function file(params) {
  return _file(ZodFile, params);
}
var ZodTransform = /* @__PURE__ */ $constructor("ZodTransform", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodTransform.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => transformProcessor(inst, ctx, json2, params);
  inst._zod.parse = (payload, _ctx) => {
    if (_ctx.direction === "backward") {
      throw new $ZodEncodeError(inst.constructor.name);
    }
    payload.addIssue = (issue2) => {
      if (typeof issue2 === "string") {
        payload.issues.push(util_exports.issue(issue2, payload.value, def));
      } else {
        const _issue = issue2;
        if (_issue.fatal)
          _issue.continue = false;
        _issue.code ?? (_issue.code = "custom");
        if (!("input" in _issue))
          _issue.input = payload.value;
        _issue.inst ?? (_issue.inst = inst);
        payload.issues.push(util_exports.issue(_issue));
      }
    };
    const output2 = def.transform(payload.value, payload);
    if (output2 instanceof Promise) {
      return output2.then((output3) => {
        payload.value = output3;
        return payload;
      });
    }
    payload.value = output2;
    return payload;
  };
});
function transform(fn) {
  return new ZodTransform({
    type: "transform",
    transform: fn
  });
}
var ZodOptional = /* @__PURE__ */ $constructor("ZodOptional", (inst, def) => {
  $ZodOptional.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => optionalProcessor(inst, ctx, json2, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function optional(innerType) {
  return new ZodOptional({
    type: "optional",
    innerType
  });
}
var ZodExactOptional = /* @__PURE__ */ $constructor("ZodExactOptional", (inst, def) => {
  $ZodExactOptional.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => optionalProcessor(inst, ctx, json2, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function exactOptional(innerType) {
  return new ZodExactOptional({
    type: "optional",
    innerType
  });
}
var ZodNullable = /* @__PURE__ */ $constructor("ZodNullable", (inst, def) => {
  $ZodNullable.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => nullableProcessor(inst, ctx, json2, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function nullable(innerType) {
  return new ZodNullable({
    type: "nullable",
    innerType
  });
}
function nullish2(innerType) {
  return optional(nullable(innerType));
}
var ZodDefault = /* @__PURE__ */ $constructor("ZodDefault", (inst, def) => {
  $ZodDefault.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => defaultProcessor(inst, ctx, json2, params);
  inst.unwrap = () => inst._zod.def.innerType;
  inst.removeDefault = inst.unwrap;
});
function _default2(innerType, defaultValue) {
  return new ZodDefault({
    type: "default",
    innerType,
    get defaultValue() {
      return typeof defaultValue === "function" ? defaultValue() : util_exports.shallowClone(defaultValue);
    }
  });
}
var ZodPrefault = /* @__PURE__ */ $constructor("ZodPrefault", (inst, def) => {
  $ZodPrefault.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => prefaultProcessor(inst, ctx, json2, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function prefault(innerType, defaultValue) {
  return new ZodPrefault({
    type: "prefault",
    innerType,
    get defaultValue() {
      return typeof defaultValue === "function" ? defaultValue() : util_exports.shallowClone(defaultValue);
    }
  });
}
var ZodNonOptional = /* @__PURE__ */ $constructor("ZodNonOptional", (inst, def) => {
  $ZodNonOptional.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => nonoptionalProcessor(inst, ctx, json2, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function nonoptional(innerType, params) {
  return new ZodNonOptional({
    type: "nonoptional",
    innerType,
    ...util_exports.normalizeParams(params)
  });
}
var ZodSuccess = /* @__PURE__ */ $constructor("ZodSuccess", (inst, def) => {
  $ZodSuccess.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => successProcessor(inst, ctx, json2, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function success(innerType) {
  return new ZodSuccess({
    type: "success",
    innerType
  });
}
var ZodCatch = /* @__PURE__ */ $constructor("ZodCatch", (inst, def) => {
  $ZodCatch.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => catchProcessor(inst, ctx, json2, params);
  inst.unwrap = () => inst._zod.def.innerType;
  inst.removeCatch = inst.unwrap;
});
function _catch2(innerType, catchValue) {
  return new ZodCatch({
    type: "catch",
    innerType,
    catchValue: typeof catchValue === "function" ? catchValue : util_exports.constantCatch(catchValue)
  });
}
var ZodNaN = /* @__PURE__ */ $constructor("ZodNaN", (inst, def) => {
  $ZodNaN.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => nanProcessor(inst, ctx, json2, params);
});
function nan(params) {
  return _nan(ZodNaN, params);
}
var ZodPipe = /* @__PURE__ */ $constructor("ZodPipe", (inst, def) => {
  $ZodPipe.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => pipeProcessor(inst, ctx, json2, params);
  inst.in = def.in;
  inst.out = def.out;
});
function pipe(in_, out) {
  return new ZodPipe({
    type: "pipe",
    in: in_,
    out
    // ...util.normalizeParams(params),
  });
}
var ZodCodec = /* @__PURE__ */ $constructor("ZodCodec", (inst, def) => {
  ZodPipe.init(inst, def);
  $ZodCodec.init(inst, def);
});
function codec(in_, out, params) {
  return new ZodCodec({
    type: "pipe",
    in: in_,
    out,
    transform: params.decode,
    reverseTransform: params.encode
  });
}
function invertCodec(codec2) {
  const def = codec2._zod.def;
  return new ZodCodec({
    type: "pipe",
    in: def.out,
    out: def.in,
    transform: def.reverseTransform,
    reverseTransform: def.transform
  });
}
var ZodPreprocess = /* @__PURE__ */ $constructor("ZodPreprocess", (inst, def) => {
  ZodPipe.init(inst, def);
  $ZodPreprocess.init(inst, def);
});
var ZodReadonly = /* @__PURE__ */ $constructor("ZodReadonly", (inst, def) => {
  $ZodReadonly.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => readonlyProcessor(inst, ctx, json2, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function readonly(innerType) {
  return new ZodReadonly({
    type: "readonly",
    innerType
  });
}
var ZodTemplateLiteral = /* @__PURE__ */ $constructor("ZodTemplateLiteral", (inst, def) => {
  $ZodTemplateLiteral.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => templateLiteralProcessor(inst, ctx, json2, params);
});
function templateLiteral(parts, params) {
  return new ZodTemplateLiteral({
    type: "template_literal",
    parts,
    ...util_exports.normalizeParams(params)
  });
}
var ZodLazy = /* @__PURE__ */ $constructor("ZodLazy", (inst, def) => {
  $ZodLazy.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => lazyProcessor(inst, ctx, json2, params);
  inst.unwrap = () => inst._zod.def.getter();
});
function lazy(getter) {
  return new ZodLazy({
    type: "lazy",
    getter
  });
}
var ZodPromise = /* @__PURE__ */ $constructor("ZodPromise", (inst, def) => {
  $ZodPromise.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => promiseProcessor(inst, ctx, json2, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function promise(innerType) {
  return new ZodPromise({
    type: "promise",
    innerType
  });
}
var ZodFunction = /* @__PURE__ */ $constructor("ZodFunction", (inst, def) => {
  $ZodFunction.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => functionProcessor(inst, ctx, json2, params);
});
function _function(params) {
  return new ZodFunction({
    type: "function",
    input: Array.isArray(params?.input) ? tuple(params?.input) : params?.input ?? array(unknown()),
    output: params?.output ?? unknown()
  });
}
var ZodCustom = /* @__PURE__ */ $constructor("ZodCustom", (inst, def) => {
  $ZodCustom.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json2, params) => customProcessor(inst, ctx, json2, params);
});
function check(fn) {
  const ch = new $ZodCheck({
    check: "custom"
    // ...util.normalizeParams(params),
  });
  ch._zod.check = fn;
  return ch;
}
function custom(fn, _params) {
  return _custom(ZodCustom, fn ?? (() => true), _params);
}
function refine(fn, _params = {}) {
  return _refine(ZodCustom, fn, _params);
}
function superRefine(fn, params) {
  return _superRefine(fn, params);
}
var describe2 = describe;
var meta2 = meta;
var ZodInstanceOf = /* @__PURE__ */ $constructor("ZodInstanceOf", (inst, def) => {
  ZodCustom.init(inst, def);
}, {
  properties(shape, params) {
    return this.check(_properties(shape, params));
  }
});
function _instanceof(cls, params = {}) {
  const inst = new ZodInstanceOf({
    type: "custom",
    check: "custom",
    fn: (data) => data instanceof cls,
    abort: true,
    ...util_exports.normalizeParams(params)
  });
  inst._zod.bag.Class = cls;
  inst._zod.check = (payload) => {
    if (!(payload.value instanceof cls)) {
      payload.issues.push({
        code: "invalid_type",
        expected: cls.name,
        input: payload.value,
        inst,
        path: [...inst._zod.def.path ?? []]
      });
    }
  };
  return inst;
}
var stringbool = (...args) => _stringbool({
  Codec: ZodCodec,
  Boolean: ZodBoolean,
  String: ZodString
}, ...args);
function json(params) {
  const jsonSchema = lazy(() => {
    return union([string2(params), number2(), boolean2(), _null3(), array(jsonSchema), record(string2(), jsonSchema)]);
  });
  return jsonSchema;
}
function preprocess(fn, schema) {
  return new ZodPreprocess({
    type: "pipe",
    in: transform(fn),
    out: schema
  });
}

// node_modules/zod/v4/classic/compat.js
var ZodIssueCode = {
  invalid_type: "invalid_type",
  too_big: "too_big",
  too_small: "too_small",
  invalid_format: "invalid_format",
  not_multiple_of: "not_multiple_of",
  unrecognized_keys: "unrecognized_keys",
  invalid_union: "invalid_union",
  invalid_key: "invalid_key",
  invalid_element: "invalid_element",
  invalid_value: "invalid_value",
  custom: "custom"
};
function setErrorMap(map2) {
  config({
    customError: map2
  });
}
function getErrorMap() {
  return config().customError;
}
var ZodFirstPartyTypeKind;
/* @__PURE__ */ (function(ZodFirstPartyTypeKind2) {
})(ZodFirstPartyTypeKind || (ZodFirstPartyTypeKind = {}));

// node_modules/zod/v4/classic/iso.js
var iso_exports = {};
__export(iso_exports, {
  ZodISODate: () => ZodISODate,
  ZodISODateTime: () => ZodISODateTime,
  ZodISODuration: () => ZodISODuration,
  ZodISOTime: () => ZodISOTime,
  date: () => date3,
  datetime: () => datetime2,
  duration: () => duration2,
  time: () => time2
});
function datetime2(params) {
  return _isoDateTime(ZodISODateTime, params);
}
function date3(params) {
  return _isoDate(ZodISODate, params);
}
function time2(params) {
  return _isoTime(ZodISOTime, params);
}
function duration2(params) {
  return _isoDuration(ZodISODuration, params);
}

// node_modules/zod/v4/classic/from-json-schema.js
var z = {
  ...schemas_exports2,
  ...checks_exports2,
  iso: iso_exports
};
var RECOGNIZED_KEYS = /* @__PURE__ */ new Set([
  // Schema identification
  "$schema",
  "$ref",
  "$defs",
  "definitions",
  // Core schema keywords
  "$id",
  "id",
  "$comment",
  "$anchor",
  "$vocabulary",
  "$dynamicRef",
  "$dynamicAnchor",
  // Type
  "type",
  "enum",
  "const",
  // Composition
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  // Object
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
  // Array
  "items",
  "prefixItems",
  "additionalItems",
  "minItems",
  "maxItems",
  "uniqueItems",
  "contains",
  "minContains",
  "maxContains",
  // String
  "minLength",
  "maxLength",
  "pattern",
  "format",
  // Number
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  // Already handled metadata
  "description",
  "default",
  // Content
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
  // Unsupported (error-throwing)
  "unevaluatedItems",
  "unevaluatedProperties",
  "if",
  "then",
  "else",
  "dependentSchemas",
  "dependentRequired",
  // OpenAPI
  "nullable",
  "readOnly"
]);
function detectVersion(schema, defaultTarget) {
  const $schema = schema.$schema;
  if ($schema === "https://json-schema.org/draft/2020-12/schema") {
    return "draft-2020-12";
  }
  if ($schema === "http://json-schema.org/draft-07/schema#") {
    return "draft-7";
  }
  if ($schema === "http://json-schema.org/draft-04/schema#") {
    return "draft-4";
  }
  return defaultTarget ?? "draft-2020-12";
}
function applyMinItems(items, minItems) {
  return items.map((item, index) => index < minItems ? item : item.optional());
}
function decodeJSONPointerSegment(segment) {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}
function resolveRef(ref, ctx) {
  if (!ref.startsWith("#")) {
    throw new Error("External $ref is not supported, only local refs (#/...) are allowed");
  }
  const path = ref.slice(1).split("/").filter(Boolean);
  if (path.length === 0) {
    return ctx.rootSchema;
  }
  const defsKey = ctx.version === "draft-2020-12" ? "$defs" : "definitions";
  if (path[0] === defsKey) {
    const key = path[1] === void 0 ? void 0 : decodeJSONPointerSegment(path[1]);
    if (!key || !ctx.defs[key]) {
      throw new Error(`Reference not found: ${ref}`);
    }
    return ctx.defs[key];
  }
  throw new Error(`Reference not found: ${ref}`);
}
function checkObjectGuards(objectSchema, guards) {
  const guard = z.transform((value) => value).check((payload) => {
    const value = payload.value;
    if (typeof value !== "object" || value === null || Array.isArray(value))
      return;
    const keys = Object.getOwnPropertyNames(value);
    if (guards.minProperties !== void 0 && keys.length < guards.minProperties) {
      payload.issues.push({
        origin: "object",
        code: "too_small",
        minimum: guards.minProperties,
        inclusive: true,
        message: `Too small: expected object to have >=${guards.minProperties} properties`,
        input: value,
        inst: objectSchema,
        continue: true
      });
    }
    if (guards.maxProperties !== void 0 && keys.length > guards.maxProperties) {
      payload.issues.push({
        origin: "object",
        code: "too_big",
        maximum: guards.maxProperties,
        inclusive: true,
        message: `Too big: expected object to have <=${guards.maxProperties} properties`,
        input: value,
        inst: objectSchema,
        continue: true
      });
    }
    if (guards.keySchema) {
      for (const key of keys) {
        const result = guards.keySchema.safeParse(key);
        if (result.success)
          continue;
        payload.issues.push({
          code: "invalid_key",
          origin: "record",
          issues: result.error.issues,
          input: key,
          path: [key],
          continue: true
        });
      }
    }
  });
  return guard.pipe(objectSchema);
}
function canonicalKey(value, seen) {
  if (value === null)
    return "z";
  const type = typeof value;
  if (type !== "object") {
    if (type === "number" && Number.isNaN(value))
      return null;
    const raw = String(value);
    return `${type[0]}${raw.length}:${raw}`;
  }
  if (seen.has(value))
    return null;
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      const parts2 = [];
      for (const item of value) {
        const key = canonicalKey(item, seen);
        if (key === null)
          return null;
        parts2.push(key);
      }
      return `a${parts2.length}:[${parts2.join(",")}]`;
    }
    const keys = Object.keys(value).sort();
    const parts = [];
    for (const k of keys) {
      const key = canonicalKey(value[k], seen);
      if (key === null)
        return null;
      parts.push(`${k.length}:${k}=${key}`);
    }
    return `o${parts.length}:{${parts.join(",")}}`;
  } finally {
    seen.delete(value);
  }
}
var SCHEMA_KEYWORDS = /* @__PURE__ */ new Set([
  "items",
  "prefixItems",
  "additionalItems",
  "additionalProperties",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
  "allOf",
  "anyOf",
  "oneOf",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema"
]);
var SCHEMA_MAP_KEYWORDS = /* @__PURE__ */ new Set([
  "properties",
  "patternProperties",
  "dependentSchemas",
  "dependencies",
  "$defs",
  "definitions"
]);
function containsRef(value) {
  if (typeof value !== "object" || value === null)
    return false;
  if (Array.isArray(value))
    return value.some(containsRef);
  if (typeof value.$ref === "string")
    return true;
  return Object.entries(value).some(([key, sub]) => {
    if (SCHEMA_KEYWORDS.has(key))
      return containsRef(sub);
    if (!SCHEMA_MAP_KEYWORDS.has(key) || typeof sub !== "object" || sub === null)
      return false;
    return Object.values(sub).some(containsRef);
  });
}
function plural(n) {
  return n === 1 ? "element" : "elements";
}
function checkArrayGuards(arraySchema, guards) {
  const guard = z.transform((value) => value).check((payload) => {
    const items = payload.value;
    if (!Array.isArray(items))
      return;
    if (guards.uniqueItems === true) {
      const firstSeen = /* @__PURE__ */ new Map();
      for (let i = 0; i < items.length; i++) {
        const key = canonicalKey(items[i], /* @__PURE__ */ new Set());
        if (key === null)
          continue;
        const first = firstSeen.get(key);
        if (first === void 0) {
          firstSeen.set(key, i);
          continue;
        }
        payload.issues.push({
          code: "custom",
          message: `Array items must be unique: element at index ${i} duplicates the one at index ${first}`,
          input: items,
          path: [i],
          continue: true
        });
      }
    }
    if (guards.containsSchema) {
      const minContains = guards.minContains ?? 1;
      const ceiling = guards.maxContains !== void 0 ? guards.maxContains + 1 : Number.POSITIVE_INFINITY;
      let matches = 0;
      for (const item of items) {
        if (guards.containsSchema.safeParse(item).success && ++matches >= ceiling)
          break;
      }
      if (matches < minContains) {
        payload.issues.push({
          code: "custom",
          message: `Array must contain at least ${minContains} matching ${plural(minContains)}; found ${matches}`,
          input: items,
          continue: true
        });
      }
      if (guards.maxContains !== void 0 && matches > guards.maxContains) {
        payload.issues.push({
          code: "custom",
          message: `Array must contain at most ${guards.maxContains} matching ${plural(guards.maxContains)}`,
          input: items,
          continue: true
        });
      }
    }
  });
  return guard.pipe(arraySchema);
}
function getTupleRest(restSchema, ctx) {
  if (restSchema === false) {
    return void 0;
  }
  if (restSchema === void 0 || restSchema === true) {
    return z.any();
  }
  return convertSchema(restSchema, ctx);
}
var fullTime = /^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
function convertBaseSchema(schema, ctx) {
  if (schema.not !== void 0) {
    if (typeof schema.not === "object" && Object.keys(schema.not).length === 0) {
      return z.never();
    }
    throw new Error("not is not supported in Zod (except { not: {} } for never)");
  }
  if (schema.unevaluatedItems !== void 0) {
    throw new Error("unevaluatedItems is not supported");
  }
  if (schema.unevaluatedProperties !== void 0) {
    throw new Error("unevaluatedProperties is not supported");
  }
  if (schema.if !== void 0 || schema.then !== void 0 || schema.else !== void 0) {
    throw new Error("Conditional schemas (if/then/else) are not supported");
  }
  if (schema.dependentSchemas !== void 0 || schema.dependentRequired !== void 0) {
    throw new Error("dependentSchemas and dependentRequired are not supported");
  }
  if (schema.$ref) {
    const refPath = schema.$ref;
    if (ctx.refs.has(refPath)) {
      return ctx.refs.get(refPath);
    }
    if (ctx.processing.has(refPath)) {
      return z.lazy(() => {
        if (!ctx.refs.has(refPath)) {
          throw new Error(`Circular reference not resolved: ${refPath}`);
        }
        return ctx.refs.get(refPath);
      });
    }
    ctx.processing.add(refPath);
    const resolved = resolveRef(refPath, ctx);
    const zodSchema2 = convertSchema(resolved, ctx);
    ctx.refs.set(refPath, zodSchema2);
    ctx.processing.delete(refPath);
    return zodSchema2;
  }
  if (schema.enum !== void 0) {
    const enumValues = schema.enum;
    if (ctx.version === "openapi-3.0" && schema.nullable === true && enumValues.length === 1 && enumValues[0] === null) {
      return z.null();
    }
    if (enumValues.length === 0) {
      return z.never();
    }
    if (enumValues.length === 1) {
      return z.literal(enumValues[0]);
    }
    if (enumValues.every((v) => typeof v === "string")) {
      return z.enum(enumValues);
    }
    const literalSchemas = enumValues.map((v) => z.literal(v));
    if (literalSchemas.length < 2) {
      return literalSchemas[0];
    }
    return z.union([literalSchemas[0], literalSchemas[1], ...literalSchemas.slice(2)]);
  }
  if (schema.const !== void 0) {
    return z.literal(schema.const);
  }
  const type = schema.type;
  if (Array.isArray(type)) {
    const typeSchemas = type.map((t) => {
      const typeSchema = { ...schema, type: t };
      return convertBaseSchema(typeSchema, ctx);
    });
    if (typeSchemas.length === 0) {
      return z.never();
    }
    if (typeSchemas.length === 1) {
      return typeSchemas[0];
    }
    return z.union(typeSchemas);
  }
  if (!type) {
    return z.any();
  }
  let zodSchema;
  switch (type) {
    case "string": {
      let stringSchema = z.string();
      if (schema.format) {
        const format = schema.format;
        if (format === "email") {
          stringSchema = stringSchema.check(z.email());
        } else if (format === "uri" || format === "uri-reference") {
          stringSchema = stringSchema.check(z.url());
        } else if (format === "uuid" || format === "guid") {
          stringSchema = stringSchema.check(z.uuid());
        } else if (format === "date-time") {
          stringSchema = stringSchema.check(z.iso.datetime({ offset: true }));
        } else if (format === "date") {
          stringSchema = stringSchema.check(z.iso.date());
        } else if (format === "time") {
          stringSchema = stringSchema.check(z.regex(fullTime));
        } else if (format === "duration") {
          stringSchema = stringSchema.check(z.iso.duration());
        } else if (format === "hostname") {
          stringSchema = stringSchema.check(z.hostname());
        } else if (format === "ipv4") {
          stringSchema = stringSchema.check(z.ipv4());
        } else if (format === "ipv6") {
          stringSchema = stringSchema.check(z.ipv6());
        } else if (format === "mac") {
          stringSchema = stringSchema.check(z.mac());
        } else if (format === "cidr") {
          stringSchema = stringSchema.check(z.cidrv4());
        } else if (format === "cidr-v6") {
          stringSchema = stringSchema.check(z.cidrv6());
        } else if (format === "base64") {
          stringSchema = stringSchema.check(z.base64());
        } else if (format === "base64url") {
          stringSchema = stringSchema.check(z.base64url());
        } else if (format === "e164") {
          stringSchema = stringSchema.check(z.e164());
        } else if (format === "credit_card") {
          stringSchema = stringSchema.check(z.creditCard());
        } else if (format === "iban") {
          stringSchema = stringSchema.check(z.iban());
        } else if (format === "jwt") {
          stringSchema = stringSchema.check(z.jwt());
        } else if (format === "emoji") {
          stringSchema = stringSchema.check(z.emoji());
        } else if (format === "nanoid") {
          stringSchema = stringSchema.check(z.nanoid());
        } else if (format === "cuid") {
          stringSchema = stringSchema.check(z.cuid());
        } else if (format === "cuid2") {
          stringSchema = stringSchema.check(z.cuid2());
        } else if (format === "ulid") {
          stringSchema = stringSchema.check(z.ulid());
        } else if (format === "xid") {
          stringSchema = stringSchema.check(z.xid());
        } else if (format === "ksuid") {
          stringSchema = stringSchema.check(z.ksuid());
        }
      }
      if (typeof schema.minLength === "number") {
        stringSchema = stringSchema.min(schema.minLength);
      }
      if (typeof schema.maxLength === "number") {
        stringSchema = stringSchema.max(schema.maxLength);
      }
      if (schema.pattern) {
        stringSchema = stringSchema.regex(new RegExp(schema.pattern));
      }
      zodSchema = stringSchema;
      break;
    }
    case "number":
    case "integer": {
      let numberSchema = type === "integer" ? z.number().int() : z.number();
      if (typeof schema.minimum === "number" && schema.exclusiveMinimum !== true) {
        numberSchema = numberSchema.min(schema.minimum);
      }
      if (typeof schema.maximum === "number" && schema.exclusiveMaximum !== true) {
        numberSchema = numberSchema.max(schema.maximum);
      }
      if (typeof schema.exclusiveMinimum === "number") {
        numberSchema = numberSchema.gt(schema.exclusiveMinimum);
      } else if (schema.exclusiveMinimum === true && typeof schema.minimum === "number") {
        numberSchema = numberSchema.gt(schema.minimum);
      }
      if (typeof schema.exclusiveMaximum === "number") {
        numberSchema = numberSchema.lt(schema.exclusiveMaximum);
      } else if (schema.exclusiveMaximum === true && typeof schema.maximum === "number") {
        numberSchema = numberSchema.lt(schema.maximum);
      }
      if (typeof schema.multipleOf === "number") {
        numberSchema = numberSchema.multipleOf(schema.multipleOf);
      }
      zodSchema = numberSchema;
      break;
    }
    case "boolean": {
      zodSchema = z.boolean();
      break;
    }
    case "null": {
      zodSchema = z.null();
      break;
    }
    case "object": {
      const shape = {};
      const properties = schema.properties || {};
      const requiredSet = new Set(schema.required || []);
      const additionalSchema = typeof schema.additionalProperties === "object" ? convertSchema(schema.additionalProperties, ctx) : void 0;
      for (const [key, propSchema] of Object.entries(properties)) {
        const propZodSchema = convertSchema(propSchema, ctx);
        assignProp(shape, key, requiredSet.has(key) ? propZodSchema : propZodSchema.optional());
      }
      if (schema.patternProperties) {
        const patternProps = schema.patternProperties;
        const patternKeys = Object.keys(patternProps);
        const looseRecords = [];
        for (const pattern of patternKeys) {
          const patternValue = convertSchema(patternProps[pattern], ctx);
          const keySchema = z.string().regex(new RegExp(pattern));
          looseRecords.push(z.looseRecord(keySchema, patternValue));
        }
        const schemasToIntersect = [];
        if (Object.keys(shape).length > 0) {
          schemasToIntersect.push(z.object(shape).passthrough());
        }
        schemasToIntersect.push(...looseRecords);
        if (schemasToIntersect.length === 0) {
          zodSchema = z.object({}).passthrough();
        } else if (schemasToIntersect.length === 1) {
          zodSchema = schemasToIntersect[0];
        } else {
          let result = z.intersection(schemasToIntersect[0], schemasToIntersect[1]);
          for (let i = 2; i < schemasToIntersect.length; i++) {
            result = z.intersection(result, schemasToIntersect[i]);
          }
          zodSchema = result;
        }
        if (schema.additionalProperties === false) {
          const propertyKeys = Object.keys(shape);
          const patterns = patternKeys.map((p) => new RegExp(p));
          const basePatternSchema = zodSchema;
          zodSchema = zodSchema.check((payload) => {
            if (!isPlainObject(payload.value))
              return;
            const unrecognized = [];
            for (const key of Object.keys(payload.value)) {
              if (propertyKeys.includes(key))
                continue;
              if (patterns.some((regex) => regex.test(key)))
                continue;
              unrecognized.push(key);
            }
            if (unrecognized.length) {
              payload.issues.push({
                code: "unrecognized_keys",
                keys: unrecognized,
                input: payload.value,
                inst: basePatternSchema
              });
            }
          });
        }
      } else {
        const objectSchema = z.object(shape);
        if (schema.additionalProperties === false) {
          zodSchema = objectSchema.strict();
        } else if (additionalSchema) {
          zodSchema = objectSchema.catchall(additionalSchema);
        } else {
          zodSchema = objectSchema.passthrough();
        }
      }
      const hasKeyGuard = schema.propertyNames !== void 0 && schema.propertyNames !== true;
      const minProperties = typeof schema.minProperties === "number" ? schema.minProperties : void 0;
      const maxProperties = typeof schema.maxProperties === "number" ? schema.maxProperties : void 0;
      if (hasKeyGuard || minProperties !== void 0 || maxProperties !== void 0) {
        let keySchema;
        if (hasKeyGuard) {
          const keyJSONSchema = typeof schema.propertyNames === "object" && schema.propertyNames.type === void 0 ? { type: "string", ...schema.propertyNames } : schema.propertyNames;
          keySchema = convertSchema(keyJSONSchema, ctx);
        }
        zodSchema = checkObjectGuards(zodSchema, { keySchema, minProperties, maxProperties });
      }
      break;
    }
    case "array": {
      const prefixItems = schema.prefixItems;
      const items = schema.items;
      if (prefixItems && Array.isArray(prefixItems)) {
        const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
        const tupleItems = prefixItems.map((item) => convertSchema(item, ctx));
        const positionalItems = applyMinItems(tupleItems, minItems);
        const rest = !Array.isArray(items) ? getTupleRest(items, ctx) : void 0;
        const tupleSchema = z.tuple(positionalItems);
        zodSchema = rest ? tupleSchema.rest(rest) : tupleSchema;
        if (typeof schema.minItems === "number") {
          zodSchema = zodSchema.check(z.minLength(schema.minItems));
        }
        if (typeof schema.maxItems === "number") {
          zodSchema = zodSchema.check(z.maxLength(schema.maxItems));
        }
      } else if (Array.isArray(items)) {
        const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
        const tupleItems = items.map((item) => convertSchema(item, ctx));
        const positionalItems = applyMinItems(tupleItems, minItems);
        const rest = getTupleRest(schema.additionalItems, ctx);
        const tupleSchema = z.tuple(positionalItems);
        zodSchema = rest ? tupleSchema.rest(rest) : tupleSchema;
        if (typeof schema.minItems === "number") {
          zodSchema = zodSchema.check(z.minLength(schema.minItems));
        }
        if (typeof schema.maxItems === "number") {
          zodSchema = zodSchema.check(z.maxLength(schema.maxItems));
        }
      } else if (items !== void 0) {
        const element = convertSchema(items, ctx);
        let arraySchema = z.array(element);
        if (typeof schema.minItems === "number") {
          arraySchema = arraySchema.min(schema.minItems);
        }
        if (typeof schema.maxItems === "number") {
          arraySchema = arraySchema.max(schema.maxItems);
        }
        zodSchema = arraySchema;
      } else {
        zodSchema = z.array(z.any());
      }
      if (schema.uniqueItems === true || schema.contains !== void 0) {
        zodSchema = checkArrayGuards(zodSchema, {
          uniqueItems: schema.uniqueItems === true,
          containsSchema: schema.contains !== void 0 ? convertSchema(schema.contains, ctx) : void 0,
          minContains: typeof schema.minContains === "number" ? schema.minContains : void 0,
          maxContains: typeof schema.maxContains === "number" ? schema.maxContains : void 0
        });
      }
      break;
    }
    default:
      throw new Error(`Unsupported type: ${type}`);
  }
  return zodSchema;
}
function convertSchema(schema, ctx) {
  if (typeof schema === "boolean") {
    return schema ? z.any() : z.never();
  }
  let baseSchema = convertBaseSchema(schema, ctx);
  const hasExplicitType = schema.type || schema.enum !== void 0 || schema.const !== void 0;
  if (schema.anyOf && Array.isArray(schema.anyOf)) {
    const options = schema.anyOf.map((s) => convertSchema(s, ctx));
    const anyOfUnion = z.union(options);
    baseSchema = hasExplicitType ? z.intersection(baseSchema, anyOfUnion) : anyOfUnion;
  }
  if (schema.oneOf && Array.isArray(schema.oneOf)) {
    const options = schema.oneOf.map((s) => convertSchema(s, ctx));
    const oneOfUnion = z.xor(options);
    baseSchema = hasExplicitType ? z.intersection(baseSchema, oneOfUnion) : oneOfUnion;
  }
  if (schema.allOf && Array.isArray(schema.allOf)) {
    if (schema.allOf.length === 0) {
      baseSchema = hasExplicitType ? baseSchema : z.any();
    } else {
      let result = hasExplicitType ? baseSchema : convertSchema(schema.allOf[0], ctx);
      const startIdx = hasExplicitType ? 0 : 1;
      for (let i = startIdx; i < schema.allOf.length; i++) {
        result = z.intersection(result, convertSchema(schema.allOf[i], ctx));
      }
      baseSchema = result;
    }
  }
  if (schema.nullable === true && ctx.version === "openapi-3.0") {
    baseSchema = z.nullable(baseSchema);
  }
  if (schema.readOnly === true) {
    baseSchema = z.readonly(baseSchema);
  }
  if (schema.default !== void 0) {
    baseSchema = baseSchema.default(schema.default);
  }
  const extraMeta = {};
  const coreMetadataKeys = ["$id", "id", "$comment", "$anchor", "$vocabulary", "$dynamicRef", "$dynamicAnchor"];
  for (const key of coreMetadataKeys) {
    if (key in schema) {
      extraMeta[key] = schema[key];
    }
  }
  const contentMetadataKeys = ["contentEncoding", "contentMediaType", "contentSchema"];
  for (const key of contentMetadataKeys) {
    if (key in schema) {
      extraMeta[key] = schema[key];
    }
  }
  if (schema.type === "object" && schema.$ref === void 0) {
    if (schema.propertyNames !== void 0 && !containsRef(schema.propertyNames)) {
      extraMeta.propertyNames = schema.propertyNames;
    }
    for (const key of ["minProperties", "maxProperties"]) {
      if (schema[key] !== void 0)
        extraMeta[key] = schema[key];
    }
  }
  if (schema.type === "array" && schema.$ref === void 0) {
    if (schema.contains !== void 0 && !containsRef(schema.contains)) {
      extraMeta.contains = schema.contains;
    }
    for (const key of ["uniqueItems", "minContains", "maxContains"]) {
      if (schema[key] !== void 0)
        extraMeta[key] = schema[key];
    }
  }
  for (const key of Object.keys(schema)) {
    if (!RECOGNIZED_KEYS.has(key)) {
      assignProp(extraMeta, key, schema[key]);
    }
  }
  if (Object.keys(extraMeta).length > 0) {
    ctx.registry.add(baseSchema, extraMeta);
  }
  if (schema.description) {
    baseSchema = baseSchema.describe(schema.description);
  }
  return baseSchema;
}
function fromJSONSchema(schema, params) {
  if (typeof schema === "boolean") {
    return schema ? z.any() : z.never();
  }
  let normalized;
  try {
    normalized = JSON.parse(JSON.stringify(schema));
  } catch {
    throw new Error("fromJSONSchema input is not valid JSON (possibly cyclic); use $defs/$ref for recursive schemas");
  }
  const version2 = detectVersion(normalized, params?.defaultTarget);
  const defs = normalized.$defs || normalized.definitions || {};
  const ctx = {
    version: version2,
    defs,
    refs: /* @__PURE__ */ new Map(),
    processing: /* @__PURE__ */ new Set(),
    rootSchema: normalized,
    registry: params?.registry ?? globalRegistry
  };
  return convertSchema(normalized, ctx);
}

// node_modules/zod/v4/core/visit.js
var RESOLVING = /* @__PURE__ */ Symbol("z.visit/resolving");
function visit(schema, fnOrHandlers) {
  const fn = typeof fnOrHandlers === "function" ? fnOrHandlers : (node2, rewritten) => {
    const h = fnOrHandlers[node2._zod.def.type];
    return h ? h(node2, rewritten) : node2;
  };
  const cache4 = /* @__PURE__ */ new Map();
  function run(s) {
    const cached2 = cache4.get(s);
    if (cached2 === RESOLVING) {
      return new $ZodLazy({
        type: "lazy",
        getter: () => cache4.get(s)
      });
    }
    if (cached2 !== void 0)
      return cached2;
    cache4.set(s, RESOLVING);
    const inner = mapInner(s);
    const mapped = fn(inner, inner !== s);
    cache4.set(s, mapped);
    return mapped;
  }
  function mapInner(s) {
    const def = s._zod.def;
    const kind = def.type;
    switch (kind) {
      case "object": {
        const oldShape = def.shape;
        const keys = Object.keys(oldShape);
        let changed = false;
        const newShape = {};
        for (const k of keys) {
          const mapped = run(oldShape[k]);
          if (mapped !== oldShape[k])
            changed = true;
          newShape[k] = mapped;
        }
        let newCatchall = def.catchall;
        if (def.catchall) {
          newCatchall = run(def.catchall);
          if (newCatchall !== def.catchall)
            changed = true;
        }
        return changed ? clone(s, { ...def, shape: newShape, catchall: newCatchall }) : s;
      }
      case "array": {
        const mapped = run(def.element);
        return mapped === def.element ? s : clone(s, { ...def, element: mapped });
      }
      case "tuple": {
        const oldItems = def.items;
        let changed = false;
        const newItems = [];
        for (const item of oldItems) {
          const mapped = run(item);
          if (mapped !== item)
            changed = true;
          newItems.push(mapped);
        }
        let newRest = def.rest;
        if (def.rest) {
          newRest = run(def.rest);
          if (newRest !== def.rest)
            changed = true;
        }
        return changed ? clone(s, { ...def, items: newItems, rest: newRest }) : s;
      }
      case "record":
      case "map": {
        const newKey = run(def.keyType);
        const newVal = run(def.valueType);
        return newKey === def.keyType && newVal === def.valueType ? s : clone(s, { ...def, keyType: newKey, valueType: newVal });
      }
      case "set": {
        const newVal = run(def.valueType);
        return newVal === def.valueType ? s : clone(s, { ...def, valueType: newVal });
      }
      case "union": {
        const oldOptions = def.options;
        let changed = false;
        const newOptions = [];
        for (const opt of oldOptions) {
          const mapped = run(opt);
          if (mapped !== opt)
            changed = true;
          newOptions.push(mapped);
        }
        return changed ? clone(s, { ...def, options: newOptions }) : s;
      }
      case "intersection": {
        const newLeft = run(def.left);
        const newRight = run(def.right);
        return newLeft === def.left && newRight === def.right ? s : clone(s, { ...def, left: newLeft, right: newRight });
      }
      case "optional":
      case "nullable":
      case "default":
      case "prefault":
      case "catch":
      case "readonly":
      case "nonoptional":
      case "promise":
      case "success": {
        const newInner = run(def.innerType);
        return newInner === def.innerType ? s : clone(s, { ...def, innerType: newInner });
      }
      case "pipe": {
        const newIn = run(def.in);
        const newOut = run(def.out);
        return newIn === def.in && newOut === def.out ? s : clone(s, { ...def, in: newIn, out: newOut });
      }
      case "function": {
        const newInput = run(def.input);
        const newOutput = run(def.output);
        return newInput === def.input && newOutput === def.output ? s : clone(s, { ...def, input: newInput, output: newOutput });
      }
      case "lazy": {
        const original = def.getter;
        const { _cachedInner, ...rest } = def;
        return clone(s, { ...rest, getter: () => run(original()) });
      }
      // A leaf by choice: `parts` are regex fragments, not data positions.
      case "template_literal":
      // Leaves.
      case "string":
      case "number":
      case "int":
      case "boolean":
      case "bigint":
      case "symbol":
      case "undefined":
      case "null":
      case "void":
      case "never":
      case "any":
      case "unknown":
      case "date":
      case "nan":
      case "enum":
      case "literal":
      case "file":
      case "transform":
      case "custom":
        return s;
      default: {
        kind;
        return s;
      }
    }
  }
  return run(schema);
}

// node_modules/zod/v4/classic/deep-partial.js
function deepPartial(schema) {
  return visit(schema, {
    object: (s) => s.partial(),
    // Every partialed option now admits `undefined`, which the constructor rejects as a duplicate.
    union: (s) => {
      const def = s._zod.def;
      return def.discriminator === void 0 ? s : union(def.options);
    }
  });
}

// node_modules/zod/v4/classic/in-out.js
function withChecks(side, checks) {
  if (!checks?.length)
    return side;
  const def = side._zod.def;
  return clone(side, mergeDefs(def, { checks: [...def.checks ?? [], ...checks] }), { parent: true });
}
function outSide(def) {
  return withChecks(def.out, def.checks);
}
function inSide(def) {
  return def.in._zod.traits.has("$ZodTransform") ? outSide(def) : def.in;
}
function input(schema) {
  return visit(schema, {
    pipe: (s) => inSide(s._zod.def),
    // A default value belongs to the output side, so a rewritten inner type leaves it stranded. `.default()` widens the declared input type with `undefined`, and `optional` is what carries that across.
    default: (s, rewritten) => rewritten ? optional(s._zod.def.innerType) : s,
    // A catch value is output-side too, but `.catch()` leaves the declared input type alone, so the inner schema stands on its own.
    catch: (s, rewritten) => rewritten ? s._zod.def.innerType : s
  });
}
function output(schema) {
  return visit(schema, {
    pipe: (s) => outSide(s._zod.def),
    // A prefault value is fed through the schema, which makes it input-side, so a rewritten inner type leaves it stranded.
    prefault: (s, rewritten) => rewritten ? s._zod.def.innerType : s
  });
}

// node_modules/zod/v4/classic/coerce.js
var coerce_exports = {};
__export(coerce_exports, {
  bigint: () => bigint3,
  boolean: () => boolean3,
  date: () => date4,
  number: () => number3,
  string: () => string3
});
function string3(params) {
  return _coercedString(ZodString, params);
}
function number3(params) {
  return _coercedNumber(ZodNumber, params);
}
function boolean3(params) {
  return _coercedBoolean(ZodBoolean, params);
}
function bigint3(params) {
  return _coercedBigint(ZodBigInt, params);
}
function date4(params) {
  return _coercedDate(ZodDate, params);
}

// src/engine/commands/permissions.ts
var DEFAULT_COMMAND_PERMISSIONS = {
  status: "read",
  help: "read",
  pour: "write",
  done: "write",
  fail: "write",
  retry: "write",
  skip: "write",
  approve: "maintain",
  rollback: "write",
  squash: "write",
  burn: "write",
  reset: "write",
  "reset --force": "admin"
};
var RANK = {
  none: 0,
  read: 1,
  triage: 2,
  write: 3,
  maintain: 4,
  admin: 5
};
function permissionAtLeast(actual, required2) {
  const have = Object.hasOwn(RANK, actual) ? RANK[actual] : 0;
  return have >= RANK[required2];
}
function requiredPermission(command, table = DEFAULT_COMMAND_PERMISSIONS) {
  return command.verb === "reset" && command.force ? table["reset --force"] : table[command.verb];
}

// src/engine/formula-schema.ts
var FORMULA_TYPES = ["workflow", "convoy", "expansion", "aspect"];
var EXECUTION_MODES = ["local", "distributed"];
var STEP_TYPES = ["task", "human", "gate", "parallel"];
var TRIGGERS = ["all_success", "all_done", "one_failed"];
var PERMISSIONS = ["admin", "maintain", "write", "triage", "read"];
var text = external_exports.string();
var duration3 = external_exports.string().regex(/^(\d+(\.\d+)?(ms|s|m|h|d|w))+$/, 'a duration such as "30m", "2h" or "1d"');
var stringList = external_exports.array(external_exports.string());
var VarObjectSchema = external_exports.looseObject({
  description: text.optional(),
  default: external_exports.union([external_exports.string(), external_exports.number(), external_exports.boolean()]).optional(),
  required: external_exports.boolean().optional(),
  pattern: text.optional(),
  enum: stringList.optional(),
  type: text.optional(),
  required_unless: stringList.optional()
});
var VarSchema = external_exports.union([external_exports.string(), VarObjectSchema]);
var GateSchema = external_exports.discriminatedUnion("type", [
  external_exports.looseObject({ type: external_exports.literal("command"), run: text, timeout: duration3.optional() }),
  external_exports.looseObject({ type: external_exports.literal("files"), paths: stringList }),
  external_exports.looseObject({ type: external_exports.literal("checks"), names: stringList.optional(), timeout: duration3.optional() }),
  external_exports.looseObject({ type: external_exports.literal("approval"), permission: external_exports.enum(PERMISSIONS).optional() }),
  external_exports.looseObject({ type: external_exports.literal("pr-merged") }),
  external_exports.looseObject({ type: external_exports.literal("timer"), after: duration3 }),
  external_exports.looseObject({ type: external_exports.literal("schema"), file: text, schema: text }),
  external_exports.looseObject({ type: external_exports.literal("conditional"), condition: text }),
  // Beads' names for the same gates, kept so its formulas run unchanged.
  external_exports.looseObject({ type: external_exports.literal("gh:run"), id: text.optional(), timeout: duration3.optional() }),
  external_exports.looseObject({ type: external_exports.literal("gh:pr") }),
  external_exports.looseObject({ type: external_exports.literal("human"), permission: external_exports.enum(PERMISSIONS).optional() })
]);
var stepShape = {
  id: text.min(1),
  title: text.optional(),
  description: text.optional(),
  needs: stringList.optional(),
  depends_on: stringList.optional(),
  output: text.optional(),
  acceptance: text.optional(),
  type: external_exports.enum(STEP_TYPES).optional(),
  run: text.optional(),
  gate: external_exports.union([GateSchema, external_exports.array(GateSchema)]).optional(),
  gates: external_exports.array(GateSchema).optional(),
  max_retries: external_exports.number().int().min(0).optional(),
  on_fail: text.optional(),
  max_loops: external_exports.number().int().min(0).optional(),
  timeout: duration3.optional(),
  trigger: external_exports.enum(TRIGGERS).optional(),
  condition: text.optional(),
  assignee: text.optional()
};
var StepSchema = external_exports.looseObject({
  ...stepShape,
  get children() {
    return external_exports.array(StepSchema).optional();
  }
});
var TemplateStepSchema = StepSchema;
var AdviceSchema = external_exports.looseObject({
  target: text.optional(),
  before: external_exports.array(StepSchema).optional(),
  after: external_exports.array(StepSchema).optional(),
  around: external_exports.looseObject({
    before: external_exports.array(StepSchema).optional(),
    after: external_exports.array(StepSchema).optional()
  }).optional()
});
var LegSchema = external_exports.looseObject({
  id: text.min(1),
  title: text.optional(),
  focus: text.optional(),
  description: text.optional(),
  output: text.optional(),
  run: text.optional()
});
var SynthesisSchema = external_exports.looseObject({
  id: text.optional(),
  title: text.optional(),
  description: text.optional(),
  depends_on: stringList.optional(),
  needs: stringList.optional(),
  output: text.optional(),
  run: text.optional()
});
var SquashSchema = external_exports.looseObject({
  trigger: text.optional(),
  template_type: text.optional(),
  include_metrics: external_exports.boolean().optional(),
  template: text.optional()
});
var ComposeSchema = external_exports.looseObject({
  expand: external_exports.array(external_exports.looseObject({ target: text, with: text })).optional(),
  aspects: stringList.optional()
});
var StepOverrideSchema = external_exports.looseObject({
  step_id: text,
  mode: external_exports.enum(["append", "replace"]).optional(),
  description: text.optional(),
  title: text.optional(),
  acceptance: text.optional(),
  run: text.optional()
});
var FormulaSchema = external_exports.looseObject({
  formula: text.min(1).optional(),
  description: text.optional(),
  version: external_exports.union([external_exports.number(), external_exports.string()]).optional(),
  type: external_exports.enum(FORMULA_TYPES).optional(),
  execution: external_exports.enum(EXECUTION_MODES).optional(),
  vars: external_exports.record(external_exports.string(), VarSchema).optional(),
  inputs: external_exports.record(external_exports.string(), VarSchema).optional(),
  steps: external_exports.array(StepSchema).optional(),
  extends: external_exports.union([text, stringList]).optional(),
  compose: ComposeSchema.optional(),
  template: external_exports.array(TemplateStepSchema).optional(),
  advice: external_exports.array(AdviceSchema).optional(),
  pointcuts: external_exports.array(external_exports.looseObject({ glob: text })).optional(),
  legs: external_exports.array(LegSchema).optional(),
  synthesis: SynthesisSchema.optional(),
  squash: SquashSchema.optional(),
  pour: external_exports.boolean().optional(),
  phase: text.optional(),
  max_loops: external_exports.number().int().min(0).optional(),
  max_retries: external_exports.number().int().min(0).optional(),
  prompts: external_exports.record(external_exports.string(), external_exports.unknown()).optional(),
  output: external_exports.record(external_exports.string(), external_exports.unknown()).optional(),
  presets: external_exports.record(external_exports.string(), external_exports.unknown()).optional(),
  "step-overrides": external_exports.array(StepOverrideSchema).optional()
});

// src/engine/proto.ts
var ProtoGateSchema = external_exports.discriminatedUnion("type", [
  external_exports.object({ type: external_exports.literal("command"), run: external_exports.string(), timeout: external_exports.string().optional() }),
  external_exports.object({ type: external_exports.literal("files"), paths: external_exports.array(external_exports.string()) }),
  external_exports.object({ type: external_exports.literal("checks"), names: external_exports.array(external_exports.string()), timeout: external_exports.string().optional() }),
  external_exports.object({ type: external_exports.literal("approval"), permission: external_exports.enum(PERMISSIONS) }),
  external_exports.object({ type: external_exports.literal("pr-merged") }),
  external_exports.object({ type: external_exports.literal("timer"), after: external_exports.string() }),
  external_exports.object({ type: external_exports.literal("schema"), file: external_exports.string(), schema: external_exports.string() }),
  external_exports.object({ type: external_exports.literal("conditional"), condition: external_exports.string() })
]);
var ProtoStepSchema = external_exports.object({
  id: external_exports.string(),
  title: external_exports.string(),
  description: external_exports.string(),
  needs: external_exports.array(external_exports.string()),
  type: external_exports.enum(["task", "human", "gate"]),
  output: external_exports.string().optional(),
  acceptance: external_exports.string().optional(),
  run: external_exports.string().optional(),
  gates: external_exports.array(ProtoGateSchema),
  /** Undefined: the configured default (2) applies. */
  maxRetries: external_exports.number().int().min(0).optional(),
  onFail: external_exports.string().optional(),
  maxLoops: external_exports.number().int().min(0).optional(),
  timeout: external_exports.string().optional(),
  trigger: external_exports.enum(TRIGGERS),
  condition: external_exports.string().optional(),
  assignee: external_exports.string().optional(),
  /** Set on the children of a Gas Town parallel group, and on the group's join step. */
  group: external_exports.string().optional()
});
var ProtoVarSchema = external_exports.object({
  description: external_exports.string().optional(),
  default: external_exports.string().optional(),
  required: external_exports.boolean(),
  pattern: external_exports.string().optional(),
  enum: external_exports.array(external_exports.string()).optional()
});
var ProtoSchema = external_exports.object({
  formula: external_exports.string(),
  description: external_exports.string(),
  version: external_exports.union([external_exports.number(), external_exports.string()]).optional(),
  type: external_exports.enum(FORMULA_TYPES),
  execution: external_exports.enum(EXECUTION_MODES),
  vars: external_exports.record(external_exports.string(), ProtoVarSchema),
  steps: external_exports.array(ProtoStepSchema),
  /** Molecule-wide bound on `on_fail` loops (a step's own `max_loops` wins). */
  maxLoops: external_exports.number().int().min(0),
  squash: external_exports.object({
    template: external_exports.string().optional(),
    templateType: external_exports.string().optional(),
    includeMetrics: external_exports.boolean()
  }).optional(),
  /** Gas Town's `phase = "vapor"`: the formula prefers to run as a wisp. */
  phase: external_exports.string().optional()
});
var DEFAULT_MAX_RETRIES = 2;
var DEFAULT_MAX_LOOPS = 3;

// src/github/dispatch.ts
var DEFAULT_STEP_WORKFLOW = "molecular-step.yml";
async function dispatchStep(octokit, repo, dispatch2) {
  const workflow = dispatch2.workflow ?? DEFAULT_STEP_WORKFLOW;
  for (const [key, value] of Object.entries(dispatch2.inputs)) {
    if (typeof value !== "string") return err("dispatch-invalid", `workflow input "${key}" must be a string`);
  }
  try {
    await octokit.request("POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches", {
      ...repo,
      workflow_id: workflow,
      ref: dispatch2.ref,
      inputs: dispatch2.inputs
    });
    return ok(void 0);
  } catch (error2) {
    const status2 = httpStatus(error2);
    if (status2 === 404) {
      return err(
        "workflow-missing",
        `the step workflow .github/workflows/${workflow} was not found on ${dispatch2.ref}; add it or set step_workflow in .github/molecular.yml`
      );
    }
    if (status2 === 422) {
      return err(
        "dispatch-refused",
        `GitHub refused to start ${workflow} on ${dispatch2.ref}: ${httpMessage(error2)}`
      );
    }
    throw error2;
  }
}

// src/github/repo-file.ts
async function readRepoFile(octokit, repo, path, ref) {
  let data;
  try {
    ({ data } = await octokit.request("GET /repos/{owner}/{repo}/contents/{path}", { ...repo, path, ref }));
  } catch (error2) {
    if (httpStatus(error2) === 404) return ok(void 0);
    throw error2;
  }
  if (Array.isArray(data) || typeof data !== "object" || data === null || data.type !== "file") {
    return err("not-a-file", `${path} on ${ref} is not a file`, { file: path });
  }
  const file2 = data;
  if (file2.encoding !== "base64" || file2.content === void 0) {
    const blob = await loadBlob(octokit, repo, file2.sha);
    return blob.ok ? ok({ path, sha: file2.sha, text: blob.value }) : blob;
  }
  return ok({ path, sha: file2.sha, text: Buffer.from(file2.content, "base64").toString("utf8") });
}
var blobCache = /* @__PURE__ */ new Map();
async function loadBlob(octokit, repo, sha) {
  const key = `${repo.owner}/${repo.repo}@${sha}`.toLowerCase();
  const cached2 = blobCache.get(key);
  if (cached2 !== void 0) return ok(cached2);
  let data;
  try {
    ({ data } = await octokit.request("GET /repos/{owner}/{repo}/git/blobs/{file_sha}", {
      ...repo,
      file_sha: sha
    }));
  } catch (error2) {
    if (httpStatus(error2) !== 404) throw error2;
    return err(
      "blob-missing",
      `the pinned file version ${sha.slice(0, 12)} is no longer in ${repo.owner}/${repo.repo}`
    );
  }
  const text2 = data.encoding === "base64" ? Buffer.from(data.content, "base64").toString("utf8") : data.content;
  blobCache.set(key, text2);
  return ok(text2);
}

// src/github/config.ts
var CONFIG_PATH = ".github/molecular.yml";
var COMMAND_KEYS = Object.keys(DEFAULT_COMMAND_PERMISSIONS);
var duration4 = external_exports.string().regex(/^(\d+(\.\d+)?(ms|s|m|h|d|w))+$/, 'a duration such as "30m", "2h" or "1d"');
var contextMap = external_exports.record(external_exports.string().regex(/^@?\w+$/, 'a mention such as "@Design"'), external_exports.string().min(1)).transform(
  (map2) => Object.fromEntries(Object.entries(map2).map(([k, v]) => [k.startsWith("@") ? k : `@${k}`, v]))
);
var ConfigSchema = external_exports.strictObject({
  /** Labels `<prefix><formula>` pour that formula. */
  label_prefix: external_exports.string().min(1).default("formula:"),
  /** Least permission per slash-command verb (`reset --force` too), over the built-in defaults. */
  permissions: external_exports.partialRecord(external_exports.enum(COMMAND_KEYS), external_exports.enum(PERMISSIONS)).default({}),
  default_retries: external_exports.number().int().min(0).max(100).default(DEFAULT_MAX_RETRIES),
  /** Patrol nudges an in-progress step idle this long. */
  nudge_after: duration4.default("2h"),
  /** Patrol fails (so retries apply) an in-progress step with no `timeout` of its own after this long. */
  stuck_after: duration4.default("24h"),
  /** Patrol dispatches again a ready step of a distributed molecule that no job started this long. */
  redispatch_after: duration4.default("30m"),
  /** A state lock older than this is stale and may be taken over. */
  lock_ttl: duration4.default("2m"),
  step_workflow: external_exports.string().regex(/^[\w.-]+\.ya?ml$/, 'a workflow file name under .github/workflows, such as "molecular-step.yml"').default(DEFAULT_STEP_WORKFLOW),
  /** `auto`: the face decides (the app: in-process only; the action: the git-ref lock). */
  lock: external_exports.enum(["auto", "none", "ref"]).default("auto"),
  context: contextMap.default({}),
  step_issues: external_exports.boolean().default(false),
  on_pr_closed: external_exports.enum(["burn", "keep"]).default("keep"),
  /** Logins whose comments may hold state; absent: the app's bot and github-actions[bot]. */
  trusted_writers: external_exports.array(external_exports.string().min(1)).min(1).optional(),
  formulas_path: external_exports.string().min(1).refine((p) => !p.startsWith("/") && !p.endsWith("/") && !p.split("/").includes(".."), {
    message: 'a folder inside the repository such as ".github/formulas"'
  }).default(".github/formulas")
});
var DEFAULT_CONFIG = ConfigSchema.parse({});
function validateConfig(value, locate = () => ({})) {
  const parsed = ConfigSchema.safeParse(value ?? {});
  if (parsed.success) return ok(parsed.data);
  const issue2 = parsed.error.issues[0];
  if (!issue2) return err("config-invalid", `${CONFIG_PATH} is invalid`, { file: CONFIG_PATH });
  const keys = issue2.code === "unrecognized_keys" ? issue2.keys : [];
  const path = [...issue2.path, ...keys.slice(0, 1)];
  const key = path.map(String).join(".");
  const message = issue2.code === "unrecognized_keys" ? `${CONFIG_PATH}: unknown key "${key}"; known keys${issue2.path.length ? ` there` : ""}: ${knownKeysAt(issue2.path).join(", ")}` : key ? `${CONFIG_PATH}: "${key}" ${describeIssue(issue2)}` : `${CONFIG_PATH} must be a mapping of keys to values`;
  return err("config-invalid", message, { file: CONFIG_PATH, ...locate(path) });
}
function knownKeysAt(path) {
  if (path[0] === "permissions") return COMMAND_KEYS;
  return Object.keys(ConfigSchema.shape);
}
function describeIssue(issue2) {
  if (issue2.code === "invalid_value")
    return `must be one of ${issue2.values.map((v) => JSON.stringify(v)).join(", ")}`;
  if (issue2.code === "invalid_key")
    return `is not a valid key: it must be ${issue2.issues[0]?.message ?? "a plain name"}`;
  if (issue2.code === "invalid_type")
    return `must be ${issue2.expected === "int" ? "a whole number" : `a ${issue2.expected}`}`;
  return `is invalid: ${issue2.message}`;
}
function commandPermissions(config2) {
  return { ...DEFAULT_COMMAND_PERMISSIONS, ...config2.permissions };
}

// src/github/reply.ts
var MAX_COMMENT_CHARS = 65536;
async function reply(octokit, repo, issue2, body) {
  const { data } = await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
    ...repo,
    issue_number: issue2,
    body: fitComment(body)
  });
  return { id: Number(data.id), url: data.html_url };
}
function fitComment(body) {
  if (body.length <= MAX_COMMENT_CHARS) return body;
  const note = "\n\n\u2026 (cut: GitHub allows 65,536 characters in a comment)";
  return body.slice(0, MAX_COMMENT_CHARS - note.length) + note;
}

// src/handlers/quiet.ts
function quiet(text2) {
  return text2.replace(/@(?=[\w-])/g, "@\u200B");
}

// src/handlers/config-problem.ts
async function reportConfigProblem(ctx, repo, event, error2) {
  ctx.log.warn(`${repo.owner}/${repo.repo}: ${formatDiagnostic(error2)}`);
  const asked = askedMolecular(event, ctx.payload);
  if (asked === void 0) return false;
  await reply(
    ctx.octokit,
    repo,
    asked,
    `Molecular cannot act here until \`.github/molecular.yml\` is fixed:

\`${quiet(formatDiagnostic(error2))}\``
  );
  return true;
}
function askedMolecular(event, payload) {
  const p = payload;
  const number4 = p.issue?.number ?? p.pull_request?.number;
  if (number4 === void 0) return void 0;
  if (event === "issue_comment" && p.action === "created" && p.comment?.user?.type !== "Bot") {
    return /^\s*\/mol(\s|$)/im.test(p.comment?.body ?? "") ? number4 : void 0;
  }
  if (p.action === "labeled")
    return p.label?.name?.startsWith(DEFAULT_CONFIG.label_prefix) ? number4 : void 0;
  return void 0;
}

// src/engine/molecule-schema.ts
var STEP_STATUSES = [
  "pending",
  "ready",
  "in_progress",
  "awaiting_gate",
  "completed",
  "failed",
  "skipped",
  "blocked"
];
var MOLECULE_STATUSES = [
  "pending",
  "in_progress",
  "paused",
  "complete",
  "failed",
  "squashed",
  "burned"
];
var isoTime = external_exports.string().datetime({ offset: true });
var BlobPinSchema = external_exports.object({ path: external_exports.string(), blobSha: external_exports.string().regex(/^[0-9a-f]{40,64}$/) });
var FormulaRefSchema = external_exports.object({
  name: external_exports.string(),
  /** `{path, blobSha}` from a repository, `"builtin@<version>"`, or the formula itself for ad-hoc molecules. */
  source: external_exports.union([BlobPinSchema, external_exports.string().regex(/^builtin@/), external_exports.object({ inline: external_exports.unknown() })]),
  /** Formulas this one pulled in by name (extends, compose.expand, aspects), pinned the same way. */
  pins: external_exports.record(external_exports.string(), external_exports.union([BlobPinSchema, external_exports.string().regex(/^builtin@/)])).optional(),
  /** Overlays applied at cook time (`mol cook --overlay`), pinned. */
  overlays: external_exports.array(BlobPinSchema).optional()
});
var CheckpointSchema = external_exports.object({
  commit: external_exports.string().optional(),
  filesModified: external_exports.array(external_exports.string()),
  testsPassed: external_exports.boolean(),
  notes: external_exports.string(),
  capturedAt: isoTime,
  /** Last lines of the step's output, so a failure can be read without the runner's logs. */
  outputTail: external_exports.string().optional()
});
var GateResultSchema = external_exports.object({
  type: external_exports.string(),
  passed: external_exports.boolean().nullable(),
  // null: still waiting (approval, checks, timer)
  detail: external_exports.string()
});
var LeaseSchema = external_exports.object({
  holder: external_exports.string(),
  runId: external_exports.string().optional(),
  expiresAt: isoTime
});
var StepStateSchema = external_exports.object({
  id: external_exports.string(),
  status: external_exports.enum(STEP_STATUSES),
  /** How many times the step was started. */
  attempts: external_exports.number().int().min(0),
  /** How many times an `on_fail` loop sent this step back to pending. */
  loops: external_exports.number().int().min(0),
  startedAt: isoTime.optional(),
  completedAt: isoTime.optional(),
  lease: LeaseSchema.optional(),
  branch: external_exports.string().optional(),
  checkpoint: CheckpointSchema.optional(),
  gates: external_exports.array(GateResultSchema).optional(),
  error: external_exports.string().optional(),
  note: external_exports.string().optional(),
  nudgedAt: isoTime.optional(),
  /** When the step entered awaiting_gate (timer gates count from here). */
  awaitingSince: isoTime.optional()
});
var HistoryEntrySchema = external_exports.object({
  at: isoTime,
  event: external_exports.string(),
  step: external_exports.string().optional(),
  from: external_exports.string().optional(),
  to: external_exports.string().optional(),
  by: external_exports.string().optional(),
  note: external_exports.string().optional()
});
var SubjectSchema = external_exports.object({
  repo: external_exports.string().optional(),
  issue: external_exports.number().int().positive().optional(),
  pr: external_exports.number().int().positive().optional()
});
var MoleculeSchema = external_exports.object({
  v: external_exports.literal(1),
  id: external_exports.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
  title: external_exports.string(),
  formula: FormulaRefSchema,
  vars: external_exports.record(external_exports.string(), external_exports.string()),
  kind: external_exports.enum(["mol", "wisp"]),
  status: external_exports.enum(MOLECULE_STATUSES),
  subject: SubjectSchema,
  base: external_exports.object({ ref: external_exports.string(), sha: external_exports.string().optional() }),
  execution: external_exports.enum(EXECUTION_MODES),
  /** Bumped by every write: a store refuses a write whose rev is not the one it read. */
  rev: external_exports.number().int().min(0),
  createdAt: isoTime,
  updatedAt: isoTime,
  /** Wisps only: when the wisp evaporates. */
  expiresAt: isoTime.optional(),
  steps: external_exports.array(StepStateSchema),
  history: external_exports.array(HistoryEntrySchema),
  /** How many history entries were trimmed to fit the state budget. */
  historyTrimmed: external_exports.number().int().min(0).optional(),
  summary: external_exports.string().optional()
});
var ArchiveRecordSchema = external_exports.object({
  v: external_exports.literal(1),
  id: external_exports.string(),
  title: external_exports.string(),
  formula: FormulaRefSchema,
  vars: external_exports.record(external_exports.string(), external_exports.string()),
  subject: SubjectSchema,
  outcome: external_exports.enum(["complete", "failed", "in_progress", "pending", "paused"]),
  summary: external_exports.string(),
  steps: external_exports.array(
    external_exports.object({
      id: external_exports.string(),
      status: external_exports.enum(STEP_STATUSES),
      attempts: external_exports.number().int().min(0),
      commit: external_exports.string().optional()
    })
  ),
  metrics: external_exports.object({ durationMs: external_exports.number(), attempts: external_exports.number(), retries: external_exports.number(), loops: external_exports.number() }),
  createdAt: isoTime,
  squashedAt: isoTime
});

// src/handlers/step-report.ts
var STEP_REPORT_EVENT = "molecular-step-report";
var DEFAULT_STEP_LEASE_MS = 6 * 60 * 6e4;
var StepReportSchema = external_exports.object({
  molecule: external_exports.string().min(1),
  step: external_exports.string().min(1),
  event: external_exports.enum(["start", "complete", "fail"]),
  /** The Actions run id of the job: its lease, and the guard against a stale job's report. */
  runId: external_exports.union([external_exports.string(), external_exports.number()]).transform(String).optional(),
  leaseTtlMs: external_exports.number().int().positive().optional(),
  checkpoint: CheckpointSchema.optional(),
  gates: external_exports.array(GateResultSchema).optional(),
  branch: external_exports.string().optional(),
  error: external_exports.string().optional()
});
function reportEvent(report, mol) {
  const by = report.runId ? `run ${report.runId}` : "step job";
  const step = mol.steps.find((s) => s.id === report.step);
  const holder = step?.lease?.runId;
  if (report.event !== "start" && holder !== void 0 && report.runId !== void 0 && holder !== report.runId) {
    return err(
      "stale-report",
      `run ${report.runId} reported step "${report.step}" of ${mol.id}, but run ${holder} holds it now; the report was ignored`
    );
  }
  switch (report.event) {
    case "start":
      return ok({
        type: "start",
        step: report.step,
        by,
        ...report.runId ? { lease: { holder: by, runId: report.runId, ttlMs: report.leaseTtlMs ?? DEFAULT_STEP_LEASE_MS } } : {}
      });
    case "complete":
      return ok({
        type: "complete",
        step: report.step,
        by,
        ...report.checkpoint ? { checkpoint: report.checkpoint } : {},
        ...report.gates ? { gates: report.gates } : {},
        ...report.branch ? { branch: report.branch } : {}
      });
    case "fail":
      return ok({
        type: "fail",
        step: report.step,
        by,
        error: report.error ?? `the step job (${by}) failed`
      });
  }
}

// src/handlers/may-concern.ts
var COMMAND = /^\s*\/mol(\s|$)/im;
function mayConcernMolecular(event, payload) {
  const p = payload ?? {};
  if (event === "issue_comment") {
    const user = p.comment?.user;
    if (p.action !== "created" || !user || user.type === "Bot" || user.login?.endsWith("[bot]")) return false;
    return COMMAND.test(p.comment?.body ?? "");
  }
  if (event === "repository_dispatch") return p.action === STEP_REPORT_EVENT;
  return true;
}

// src/engine/render/escape-markdown.ts
var MARKDOWN_PUNCTUATION = /[\\`*_[\]~|]/g;
var HTML = /[<>&]/g;
var HTML_ENTITY = { "<": "&lt;", ">": "&gt;", "&": "&amp;" };
function inlineText(text2, maxChars = Number.POSITIVE_INFINITY) {
  return truncate(oneLine(text2), maxChars).replace(MARKDOWN_PUNCTUATION, (c) => `\\${c}`).replace(HTML, (c) => HTML_ENTITY[c] ?? c).replace(/@(?=\w)/g, "@\u200B");
}
function codeSpan(text2, maxChars = Number.POSITIVE_INFINITY) {
  const body = truncate(oneLine(text2), maxChars).replace(/\|/g, "\\|");
  if (body === "") return "";
  const longestRun = Math.max(0, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length));
  const fence = "`".repeat(longestRun + 1);
  const pad = longestRun > 0 || body.startsWith(" ") || body.endsWith(" ") ? " " : "";
  return `${fence}${pad}${body}${pad}${fence}`;
}
function oneLine(text2) {
  return text2.replace(/\s+/g, " ").trim();
}
function truncate(text2, maxChars) {
  if (text2.length <= maxChars) return text2;
  const chars = Array.from(text2);
  return chars.length <= maxChars ? text2 : `${chars.slice(0, Math.max(0, maxChars - 1)).join("")}\u2026`;
}

// src/github/post-once.ts
var NO_RETRIES = { retries: 0 };
var LOOK_DELAYS_MS = [250, 1e3];
var MAX_REFUSALS = 5;
var MAX_429_WAIT_MS = 6e4;
function retryAfterMs(error2) {
  const headers = error2.response?.headers;
  const seconds = Number(headers?.["retry-after"]);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1e3 : void 0;
}
async function postOnce(send, find, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))) {
  let refusals = 0;
  let looks = 0;
  for (; ; ) {
    try {
      return await send();
    } catch (error2) {
      const status2 = httpStatus(error2);
      if (status2 === 429 && refusals < MAX_REFUSALS) {
        refusals++;
        await sleep(Math.min(MAX_429_WAIT_MS, retryAfterMs(error2) ?? 1e3 * refusals));
        continue;
      }
      const lost2 = status2 === void 0 || status2 >= 500;
      const delay = LOOK_DELAYS_MS[looks++];
      if (!lost2 || delay === void 0) throw error2;
      await sleep(delay);
      const found = await find();
      if (found !== void 0) return found;
    }
  }
}

// src/github/check-runs.ts
var ACTION_LIMITS = { count: 3, label: 20, identifier: 20, description: 40 };
var MAX_SUMMARY_CHARS = 65535;
var RETRY_ACTION = {
  label: "Retry",
  identifier: "retry",
  description: "Run this step again"
};
var SKIP_ACTION = {
  label: "Skip",
  identifier: "skip",
  description: "Skip this step and go on"
};
function checkRunName(formula, step) {
  return step === void 0 ? `molecular / ${formula}` : `molecular / ${formula} / ${step}`;
}
function checkRunExternalId(molId, step) {
  return step === void 0 ? molId : `${molId}/${step}`;
}
function parseCheckRunExternalId(externalId) {
  const slash = externalId.indexOf("/");
  return slash < 0 ? { molId: externalId } : { molId: externalId.slice(0, slash), step: externalId.slice(slash + 1) };
}
function validateActions(actions) {
  if (actions.length > ACTION_LIMITS.count) {
    return err(
      "check-run-invalid",
      `a check run takes at most ${ACTION_LIMITS.count} actions, not ${actions.length}`
    );
  }
  for (const action of actions) {
    for (const key of ["label", "identifier", "description"]) {
      if (action[key].length > ACTION_LIMITS[key]) {
        return err(
          "check-run-invalid",
          `check run action ${key} "${action[key]}" is ${action[key].length} characters; GitHub allows ${ACTION_LIMITS[key]}`
        );
      }
    }
  }
  return ok(actions);
}
async function upsertCheckRun(octokit, repo, input2) {
  if (input2.status === "completed" && !input2.conclusion) {
    return err("check-run-invalid", `check run "${input2.name}" is completed but has no conclusion`);
  }
  const actions = validateActions(input2.actions ?? []);
  if (!actions.ok) return actions;
  const fields = {
    status: input2.status,
    ...input2.status === "completed" ? { conclusion: input2.conclusion } : {},
    ...input2.externalId ? { external_id: input2.externalId } : {},
    ...input2.detailsUrl ? { details_url: input2.detailsUrl } : {},
    output: { title: input2.title, summary: fitSummary(input2.summary) },
    actions: actions.value
  };
  const existing = input2.checkRunId ?? await findCheckRun(octokit, repo, input2.headSha, input2.name);
  if (existing !== void 0) {
    await octokit.request("PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}", {
      ...repo,
      check_run_id: existing,
      ...fields
    });
    return ok({ id: existing, created: false });
  }
  const id = await postOnce(
    async () => {
      const { data } = await octokit.request("POST /repos/{owner}/{repo}/check-runs", {
        ...repo,
        name: input2.name,
        head_sha: input2.headSha,
        ...fields,
        request: NO_RETRIES
      });
      return Number(data.id);
    },
    () => findCheckRun(octokit, repo, input2.headSha, input2.name)
  );
  return ok({ id, created: true });
}
async function findCheckRun(octokit, repo, sha, name) {
  const { data } = await octokit.request("GET /repos/{owner}/{repo}/commits/{ref}/check-runs", {
    ...repo,
    ref: sha,
    check_name: name,
    filter: "latest",
    per_page: 1
  });
  const id = data.check_runs[0]?.id;
  return id === void 0 ? void 0 : Number(id);
}
function fitSummary(summary) {
  return summary.length <= MAX_SUMMARY_CHARS ? summary : `${summary.slice(0, MAX_SUMMARY_CHARS - 2)} \u2026`;
}
function checkStateOf(status2) {
  switch (status2) {
    case "pending":
    case "ready":
      return { status: "queued" };
    case "in_progress":
    case "awaiting_gate":
      return { status: "in_progress" };
    case "completed":
      return { status: "completed", conclusion: "success" };
    case "failed":
      return { status: "completed", conclusion: "failure" };
    case "skipped":
      return { status: "completed", conclusion: "skipped" };
    case "blocked":
      return { status: "completed", conclusion: "cancelled" };
  }
}
function gateLine(gate) {
  const mark = gate.passed === null ? "\u23F3" : gate.passed ? "\u2705" : "\u274C";
  const verdict = gate.passed === null ? "waiting" : gate.passed ? "passed" : "failed";
  return `- ${mark} **${gate.type}** ${verdict}${gate.detail ? `: ${gate.detail}` : ""}`;
}
function stepCheckRun(input2) {
  const state = checkStateOf(input2.status);
  const failed = input2.gates.filter((g) => g.passed === false).length;
  const passed = input2.gates.filter((g) => g.passed === true).length;
  const title = input2.gates.length === 0 ? `${input2.step}: ${input2.status}` : `${input2.step}: ${passed}/${input2.gates.length} gates passed${failed ? `, ${failed} failed` : ""}`;
  const actions = [];
  if (input2.status === "failed") actions.push(RETRY_ACTION);
  if (state.status !== "completed" || input2.status === "failed") actions.push(SKIP_ACTION);
  const lines = input2.gates.length ? input2.gates.map(gateLine) : ["This step has no gates."];
  return {
    name: checkRunName(input2.formula, input2.step),
    headSha: input2.headSha,
    ...state,
    title,
    summary: [
      `Step \`${input2.step}\` of molecule \`${input2.molId}\` is **${input2.status}**.`,
      "",
      ...lines
    ].join("\n"),
    externalId: checkRunExternalId(input2.molId, input2.step),
    actions,
    ...input2.detailsUrl ? { detailsUrl: input2.detailsUrl } : {},
    ...input2.checkRunId !== void 0 ? { checkRunId: input2.checkRunId } : {}
  };
}
function moleculeCheckRun(mol, headSha, checkRunId) {
  const done2 = mol.steps.filter((s) => s.status === "completed" || s.status === "skipped").length;
  const total = mol.steps.length;
  const state = mol.status === "complete" ? { status: "completed", conclusion: "success" } : mol.status === "failed" ? { status: "completed", conclusion: "failure" } : mol.status === "squashed" || mol.status === "burned" ? { status: "completed", conclusion: "neutral" } : mol.status === "pending" ? { status: "queued" } : { status: "in_progress" };
  const rows = mol.steps.map((s) => `| \`${s.id}\` | ${s.status} | ${s.attempts} |`);
  return {
    name: checkRunName(mol.formula.name),
    headSha,
    ...state,
    title: `${done2}/${total} steps done (${mol.status})`,
    summary: [
      `**${mol.title}** \u2014 molecule \`${mol.id}\``,
      "",
      "| step | status | attempts |",
      "|---|---|---|",
      ...rows
    ].join("\n"),
    externalId: checkRunExternalId(mol.id),
    actions: [],
    ...checkRunId !== void 0 ? { checkRunId } : {}
  };
}

// src/github/molecule-id.ts
var SUFFIX = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
var ID = /^([1-9]\d{0,9})-([A-Za-z0-9][A-Za-z0-9_-]{0,63})$/;
function moleculeIdFor(issue2, suffix) {
  if (!Number.isSafeInteger(issue2) || issue2 < 1)
    throw new RangeError(`issue number ${issue2} is not a positive integer`);
  if (!SUFFIX.test(suffix))
    throw new RangeError(`molecule id suffix "${suffix}" must be letters, digits, "_" or "-"`);
  return `${issue2}-${suffix}`;
}
function parseMoleculeId(id) {
  const match = ID.exec(id);
  if (!match) return void 0;
  return { issue: Number(match[1]), suffix: match[2] };
}

// src/github/permission.ts
var DEFAULT_PERMISSION_TTL_MS = 6e4;
var PermissionCache = class {
  entries = /* @__PURE__ */ new Map();
  ttlMs;
  now;
  constructor(options = {}) {
    this.ttlMs = options.ttlMs ?? DEFAULT_PERMISSION_TTL_MS;
    this.now = options.now ?? Date.now;
  }
  get(repo, username) {
    const key = cacheKey(repo, username);
    const entry2 = this.entries.get(key);
    if (!entry2) return void 0;
    if (entry2.expiresAt <= this.now()) {
      this.entries.delete(key);
      return void 0;
    }
    return entry2.level;
  }
  set(repo, username, level) {
    this.entries.set(cacheKey(repo, username), { level, expiresAt: this.now() + this.ttlMs });
  }
};
var cacheKey = (repo, username) => `${repoSlug(repo)}\0${username}`.toLowerCase();
var processCache = new PermissionCache();
async function getPermission(octokit, repo, username, cache4 = processCache) {
  const cached2 = cache4.get(repo, username);
  if (cached2) return cached2;
  let level;
  try {
    const { data } = await octokit.request("GET /repos/{owner}/{repo}/collaborators/{username}/permission", {
      ...repo,
      username
    });
    level = toLevel(data.role_name) ?? toLevel(data.permission) ?? "none";
  } catch (error2) {
    if (httpStatus(error2) !== 404) throw error2;
    level = "none";
  }
  cache4.set(repo, username, level);
  return level;
}
function toLevel(name) {
  return PERMISSIONS.includes(name ?? "") ? name : void 0;
}

// src/handlers/command-permissions.ts
function permissionTable(ctx) {
  return commandPermissions(ctx.config);
}
function levelOf(ctx, login) {
  return getPermission(ctx.octokit, ctx.repo, login, ctx.permissions);
}
function stricter(a, b) {
  return permissionAtLeast(a, b) ? a : b;
}
function permissionRefusal(what, required2, have, repo) {
  return `${what} needs **${required2}** permission on ${repo}; you have **${have === "none" ? "no access" : have}**`;
}

// src/handlers/context.ts
var ignored = (detail) => ({ status: "ignored", detail });
var applied = (detail) => ({ status: "applied", detail });
var refused = (detail) => ({ status: "refused", detail });

// src/engine/codec/budget.ts
import { Buffer as Buffer2 } from "node:buffer";
var DEFAULT_STATE_BUDGET_BYTES = 6e4;
function byteLength(text2) {
  return Buffer2.byteLength(text2, "utf8");
}

// src/engine/parse-key-path.ts
var PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
function formatKeyPath(path) {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else {
      const key = String(segment);
      if (PLAIN_KEY.test(key)) out += out === "" ? key : `.${key}`;
      else out += `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}
function valueAt(data, path) {
  let current = data;
  for (const segment of path) {
    if (current === null || typeof current !== "object") return void 0;
    if (typeof segment === "symbol") return void 0;
    const key = String(segment);
    if (!Object.hasOwn(current, key)) return void 0;
    current = current[key];
  }
  return current;
}
function isTable(value) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

// src/engine/render/group-digits.ts
function groupDigits(n) {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

// src/engine/render/status-emoji.ts
var STEP_STATUS_EMOJI = {
  pending: "\u26AA",
  ready: "\u{1F535}",
  in_progress: "\u{1F504}",
  awaiting_gate: "\u23F3",
  completed: "\u2705",
  failed: "\u274C",
  skipped: "\u23ED\uFE0F",
  blocked: "\u26D4"
};
var MOLECULE_STATUS_EMOJI = {
  pending: "\u26AA",
  in_progress: "\u{1F504}",
  paused: "\u23F8\uFE0F",
  complete: "\u2705",
  failed: "\u274C",
  squashed: "\u{1F4E6}",
  burned: "\u{1F525}"
};
function statusWords(status2) {
  return status2.replace(/_/g, " ");
}

// src/engine/render/mermaid.ts
var STATUS_CLASS_STYLE = {
  pending: "fill:#f6f8fa,stroke:#8c959f,color:#24292f",
  ready: "fill:#ddf4ff,stroke:#0969da,color:#0a3069",
  in_progress: "fill:#fff8c5,stroke:#bf8700,color:#4d2d00",
  awaiting_gate: "fill:#fbefff,stroke:#8250df,color:#3e1f79",
  completed: "fill:#dafbe1,stroke:#1a7f37,color:#003d16",
  failed: "fill:#ffebe9,stroke:#cf222e,color:#82071e",
  skipped: "fill:#eaeef2,stroke:#6e7781,color:#424a53,stroke-dasharray:4 3",
  blocked: "fill:#ffebe9,stroke:#82071e,color:#82071e,stroke-dasharray:2 2"
};
var LABEL_MAX_CHARS = 60;
function renderMermaid(proto, mol) {
  const nodeId = /* @__PURE__ */ new Map();
  proto.steps.forEach((step, index) => {
    if (!nodeId.has(step.id)) nodeId.set(step.id, `s${index}`);
  });
  const status2 = /* @__PURE__ */ new Map();
  for (const step of mol?.steps ?? []) status2.set(step.id, step.status);
  const lines = ["flowchart TD"];
  const byStatus = /* @__PURE__ */ new Map();
  proto.steps.forEach((step, index) => {
    const id = `s${index}`;
    const stepStatus = status2.get(step.id);
    const emoji3 = stepStatus ? `${STEP_STATUS_EMOJI[stepStatus]} ` : "";
    const title = step.title.trim() === "" ? step.id : step.title;
    const label = title === step.id ? mermaidText(title) : `${mermaidText(title)}<br/>${mermaidText(step.id)}`;
    lines.push(`  ${id}["${emoji3}${label}"]`);
    if (stepStatus) byStatus.set(stepStatus, [...byStatus.get(stepStatus) ?? [], id]);
  });
  proto.steps.forEach((step, index) => {
    for (const need of step.needs) {
      const from = nodeId.get(need);
      if (from) lines.push(`  ${from} --> s${index}`);
    }
  });
  for (const stepStatus of STEP_STATUSES) {
    const ids2 = byStatus.get(stepStatus);
    if (!ids2) continue;
    lines.push(`  classDef ${stepStatus} ${STATUS_CLASS_STYLE[stepStatus]}`);
    lines.push(`  class ${ids2.join(",")} ${stepStatus}`);
  }
  return `${lines.join("\n")}
`;
}
function mermaidText(text2) {
  return truncate(oneLine(text2), LABEL_MAX_CHARS).replace(/[#"<>&`]/g, (c) => `#${c.codePointAt(0)};`);
}

// src/engine/render/progress-bar.ts
var PROGRESS_BAR_WIDTH = 20;
function progressBar(done2, total, width = PROGRESS_BAR_WIDTH) {
  if (total <= 0) return `${"\u2591".repeat(width)} 0/0`;
  const ratio = Math.min(1, Math.max(0, done2 / total));
  const filled = ratio === 1 ? width : Math.min(width - 1, Math.round(ratio * width));
  return `${"\u2593".repeat(filled)}${"\u2591".repeat(width - filled)} ${groupDigits(done2)}/${groupDigits(total)} (${Math.floor(ratio * 100)}%)`;
}
function settledSteps(mol) {
  let done2 = 0;
  for (const step of mol.steps) if (step.status === "completed" || step.status === "skipped") done2++;
  return done2;
}

// src/engine/render/step-table.ts
var NOTE_MAX_CHARS = 120;
var TITLE_MAX_CHARS = 80;
var SHORT_SHA = 7;
function renderStepTable(steps, titles) {
  const header = titles ? ["| Status | Step | Title | Attempts | Branch \xB7 commit | Note |", "|---|---|---|---:|---|---|"] : ["| Status | Step | Attempts | Branch \xB7 commit | Note |", "|---|---|---:|---|---|"];
  const rows = steps.map((step) => {
    const cells = [
      `${STEP_STATUS_EMOJI[step.status]} ${statusWords(step.status)}`,
      codeSpan(step.id),
      ...titles ? [inlineText(titles.get(step.id) ?? "", TITLE_MAX_CHARS)] : [],
      attemptsCell(step),
      whereCell(step),
      inlineText(noteText(step), NOTE_MAX_CHARS)
    ];
    return `| ${cells.join(" | ")} |`;
  });
  return [...header, ...rows].join("\n");
}
function attemptsCell(step) {
  if (step.attempts === 0 && step.loops === 0) return "";
  return step.loops > 0 ? `${step.attempts} (loop ${step.loops})` : String(step.attempts);
}
function whereCell(step) {
  const commit = step.checkpoint?.commit;
  const parts = [
    step.branch ? codeSpan(step.branch, 60) : "",
    commit ? codeSpan(commit.slice(0, SHORT_SHA)) : ""
  ];
  return parts.filter((part) => part !== "").join(" @ ");
}
function noteText(step) {
  if (step.error) return step.error;
  if (step.note) return step.note;
  const waiting = (step.gates ?? []).filter((gate) => gate.passed !== true);
  if (waiting.length > 0) {
    return waiting.map((gate) => `${gate.type} ${gate.passed === false ? "failed" : "waiting"}: ${gate.detail}`).join("; ");
  }
  if (step.lease && step.status === "in_progress") return `held by ${step.lease.holder}`;
  return step.checkpoint?.notes ?? "";
}

// src/engine/render/markdown.ts
var DEFAULT_MAX_TABLE_ROWS = 50;
var DEFAULT_MAX_GRAPH_NODES = 60;
var RECENT_STEPS = 5;
var SUMMARY_PRIORITY = ["failed", "in_progress", "awaiting_gate", "ready"];
function renderView(mol, proto, opts = {}) {
  const maxTableRows = opts.maxTableRows ?? DEFAULT_MAX_TABLE_ROWS;
  const maxGraphNodes = opts.maxGraphNodes ?? DEFAULT_MAX_GRAPH_NODES;
  const titles = proto ? new Map(proto.steps.map((step) => [step.id, step.title])) : void 0;
  const parts = [...heading(mol, proto)];
  if (mol.steps.length <= maxTableRows) {
    if (mol.steps.length > 0) parts.push(renderStepTable(mol.steps, titles));
  } else {
    const shown = summaryRows(mol.steps, maxTableRows);
    parts.push(
      `_Showing ${groupDigits(shown.length)} of ${groupDigits(mol.steps.length)} steps: the active, the failed and the most recent. \`mol status ${mol.id}\` lists them all._`
    );
    if (shown.length > 0) parts.push(renderStepTable(shown, titles));
  }
  if (proto && proto.steps.length > 0) {
    if (proto.steps.length <= maxGraphNodes) parts.push(`\`\`\`mermaid
${renderMermaid(proto, mol)}\`\`\``);
    else {
      parts.push(
        `_The graph is left out: ${groupDigits(proto.steps.length)} steps are too many to draw legibly (the limit is ${maxGraphNodes}). \`mol graph\` prints it._`
      );
    }
  }
  return `${parts.join("\n\n")}
`;
}
function renderSummaryView(mol, proto) {
  return `${[
    ...heading(mol, proto),
    `_The step table is left out to keep the state within one comment. \`mol status ${mol.id}\` shows it._`
  ].join("\n\n")}
`;
}
function heading(mol, proto) {
  const formula = proto?.formula ?? mol.formula.name;
  const title = mol.title.trim() === "" || mol.title === formula ? codeSpan(formula) : `${inlineText(mol.title, 120)} \xB7 ${codeSpan(formula)}`;
  const meta3 = [
    `molecule ${codeSpan(mol.id)}`,
    statusWords(mol.status),
    `rev ${mol.rev}`,
    `updated ${readableTime(mol.updatedAt)}`
  ];
  const lines = [
    `### ${MOLECULE_STATUS_EMOJI[mol.status]} ${title}`,
    meta3.join(" \xB7 "),
    `**Progress** \`${progressBar(settledSteps(mol), mol.steps.length)}\``
  ];
  const counts = statusCounts(mol.steps);
  if (counts !== "") lines.push(counts);
  if (mol.summary) lines.push(`> ${inlineText(mol.summary, 500)}`);
  return lines;
}
function statusCounts(steps) {
  const counts = /* @__PURE__ */ new Map();
  for (const step of steps) counts.set(step.status, (counts.get(step.status) ?? 0) + 1);
  return STEP_STATUSES.filter((status2) => counts.has(status2)).map(
    (status2) => `${STEP_STATUS_EMOJI[status2]} ${groupDigits(counts.get(status2) ?? 0)} ${statusWords(status2)}`
  ).join(" \xB7 ");
}
function summaryRows(steps, limit) {
  const picked = /* @__PURE__ */ new Set();
  for (const status2 of SUMMARY_PRIORITY) {
    steps.forEach((step, index) => {
      if (step.status === status2 && picked.size < limit) picked.add(index);
    });
  }
  const recent = steps.map((step, index) => ({ index, at: touchedAt(step) })).filter((entry2) => entry2.at !== void 0 && !picked.has(entry2.index)).sort((a, b) => b.at - a.at || b.index - a.index).slice(0, RECENT_STEPS);
  for (const entry2 of recent) if (picked.size < limit) picked.add(entry2.index);
  return [...picked].sort((a, b) => a - b).map((index) => steps[index]);
}
function touchedAt(step) {
  const times = [step.completedAt, step.awaitingSince, step.startedAt].map((time3) => time3 ? Date.parse(time3) : Number.NaN).filter((ms) => !Number.isNaN(ms));
  return times.length > 0 ? Math.max(...times) : void 0;
}
function readableTime(iso) {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

// src/engine/codec/comment-safe-json.ts
function commentSafeJson(value) {
  return JSON.stringify(value).replace(/--/g, "\\u002d\\u002d");
}

// src/engine/codec/deflate.ts
import { Buffer as Buffer3 } from "node:buffer";
import { deflateSync, inflateSync } from "node:zlib";
var MAX_INFLATED_BYTES = 64 * 1024 * 1024;
var BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
function deflateToBase64(text2) {
  return deflateSync(Buffer3.from(text2, "utf8")).toString("base64");
}
function inflateFromBase64(payload) {
  const b64 = payload.replace(/\s+/g, "");
  if (b64.length === 0 || b64.length % 4 !== 0 || !BASE64.test(b64)) {
    return err("state-corrupt", "the state block is not valid base64/deflate: it is not base64 text");
  }
  const bytes = Buffer3.from(b64, "base64");
  if (bytes.toString("base64") !== b64) {
    return err("state-corrupt", "the state block is not valid base64/deflate: its base64 is not canonical");
  }
  try {
    return ok(inflateSync(bytes, { maxOutputLength: MAX_INFLATED_BYTES }).toString("utf8"));
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return err("state-corrupt", `the state block is not valid base64/deflate: ${reason}`);
  }
}

// src/engine/codec/pack-table.ts
var CANONICAL_TIME = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.(\d{3})Z$/;
function packTable(rows) {
  const keys = [];
  const seen = /* @__PURE__ */ new Set();
  for (const row of rows) {
    if (!isRecord(row)) return rows;
    for (const key in row) {
      const value = row[key];
      if (value === null) return rows;
      if (value !== void 0 && !seen.has(key)) {
        seen.add(key);
        keys.push(key);
      }
    }
  }
  const c = {};
  const times = [];
  const timeKeys = [];
  for (const key of keys) {
    const column = rows.map((row) => row[key] ?? null);
    c[key] = column;
    const ms = timeColumn(column);
    if (ms) {
      timeKeys.push(key);
      times.push({ column, ms });
    }
  }
  if (timeKeys.length === 0) return { n: rows.length, c };
  let cursor = 0;
  for (let i = 0; i < rows.length; i++) {
    for (const { column, ms } of times) {
      const at = ms[i];
      if (at === void 0) continue;
      column[i] = at - cursor;
      cursor = at;
    }
  }
  return { n: rows.length, c, t: timeKeys };
}
function unpackTable(data) {
  if (!isRecord(data) || typeof data.n !== "number" || !isRecord(data.c)) return data;
  const n = data.n;
  if (!Number.isSafeInteger(n) || n < 0) return data;
  const columns = Object.entries(data.c).filter(([key]) => key !== "__proto__");
  if (n > 0 && columns.length === 0) return data;
  if (!columns.every(([, column]) => Array.isArray(column) && column.length === n)) return data;
  const timeKeys = Array.isArray(data.t) ? data.t.filter((key) => typeof key === "string") : [];
  const c = Object.fromEntries(columns.map(([key, column]) => [key, [...column]]));
  if (!decodeTimes(c, timeKeys, n)) return data;
  const rows = [];
  for (let i = 0; i < n; i++) {
    const row = {};
    for (const [key, column] of Object.entries(c)) {
      const value = column[i];
      if (value !== null && value !== void 0) row[key] = value;
    }
    rows.push(row);
  }
  return rows;
}
function timeColumn(column) {
  const ms = new Array(column.length);
  let canonical = false;
  for (let i = 0; i < column.length; i++) {
    const value = column[i];
    if (value === null) continue;
    if (typeof value !== "string") return void 0;
    const at = canonicalTime(value);
    if (at !== void 0) canonical = true;
    ms[i] = at;
  }
  return canonical ? ms : void 0;
}
function canonicalTime(value) {
  const m = CANONICAL_TIME.exec(value);
  if (!m) return void 0;
  const [month, day, hour, minute, second] = [
    Number(m[2]),
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6])
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return void 0;
  const ms = Date.UTC(Number(m[1]), month - 1, day, hour, minute, second, Number(m[7]));
  return new Date(ms).getUTCDate() === day && Number(m[1]) >= 1e3 ? ms : void 0;
}
function decodeTimes(c, timeKeys, n) {
  let cursor = 0;
  for (let i = 0; i < n; i++) {
    for (const key of timeKeys) {
      const column = c[key];
      if (!column) continue;
      const value = column[i];
      if (typeof value !== "number") continue;
      const ms = cursor + value;
      const time3 = new Date(ms);
      if (!Number.isFinite(value) || Number.isNaN(time3.getTime())) return false;
      column[i] = time3.toISOString();
      cursor = ms;
    }
  }
  return true;
}
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// src/engine/codec/state-block.ts
var STATE_BLOCK_OPEN = "<!-- molecular:state";
var STATE_BLOCK_CLOSE = "-->";
var STATE_VERSION = 1;
var HEADER = /<!--[ \t]*molecular:state[ \t]+v(\d+)[ \t]*([^\n]*?)[ \t]*\n/;
function findStateBlock(body) {
  const text2 = body.replace(/\r\n?/g, "\n");
  const header = HEADER.exec(text2);
  if (!header) return void 0;
  const start2 = header.index + header[0].length;
  const end = text2.indexOf(STATE_BLOCK_CLOSE, start2);
  const rest = header[2] ?? "";
  return {
    version: Number(header[1]),
    encoding: rest === "" ? "json" : rest === "deflate" ? "deflate" : "unknown",
    payload: end < 0 ? text2.slice(start2) : text2.slice(start2, end),
    closed: end >= 0,
    line: countLines(text2, header.index)
  };
}
function formatStateBlock(encoding, payload) {
  const header = encoding === "json" ? `${STATE_BLOCK_OPEN} v${STATE_VERSION}` : `${STATE_BLOCK_OPEN} v${STATE_VERSION} deflate`;
  return `${header}
${payload}
${STATE_BLOCK_CLOSE}`;
}
function countLines(text2, upTo) {
  let line = 1;
  for (let i = text2.indexOf("\n"); i >= 0 && i < upTo; i = text2.indexOf("\n", i + 1)) line++;
  return line;
}

// src/engine/codec/trim-search.ts
function fewestToDrop(lo, hi, budget, measure, maxProbes = 10) {
  let low = lo;
  let high = hi;
  for (let probes = 0; probes < maxProbes && high.count - low.count > 1; probes++) {
    const span = high.count - low.count;
    const excess = low.bytes - budget;
    const slope = (low.bytes - high.probe.bytes) / span;
    let guess = slope > 0 ? low.count + Math.ceil(excess / slope) : low.count + Math.floor(span / 2);
    if (probes % 3 === 2) guess = low.count + Math.floor(span / 2);
    guess = Math.min(high.count - 1, Math.max(low.count + 1, guess));
    const probe = measure(guess);
    if (probe.bytes <= budget) high = { count: guess, probe };
    else low = { count: guess, bytes: probe.bytes };
  }
  return high;
}

// src/engine/codec/encode.ts
function encodeState(mol, opts = {}) {
  const budget = opts.budgetBytes ?? DEFAULT_STATE_BUDGET_BYTES;
  const valid = MoleculeSchema.safeParse(mol);
  if (!valid.success) {
    const issue2 = valid.error.issues[0];
    const where3 = issue2 ? formatKeyPath(issue2.path) || "(root)" : "(root)";
    return err(
      "state-invalid",
      `refusing to write molecule ${mol.id}: its state is not valid at ${where3}: ${issue2?.message ?? "invalid"}`
    );
  }
  const fullView = renderView(mol, opts.proto, opts.render);
  const plain = `${formatStateBlock("json", commentSafeJson(mol))}

${fullView}`;
  if (byteLength(plain) <= budget)
    return ok({ body: plain, compressed: false, trimmedHistory: 0, mol, view: "full" });
  const packedSteps = packTable(mol.steps);
  const all = mol.history.length;
  let smallest = 0;
  for (const [view, text2] of [
    ["full", fullView],
    ["summary", renderSummaryView(mol, opts.proto)]
  ]) {
    const measure = (dropped) => {
      const state = dropOldestHistory(mol, dropped);
      const packed = { ...state, steps: packedSteps, history: packTable(state.history) };
      const body = `${formatStateBlock("deflate", deflateToBase64(JSON.stringify(packed)))}

${text2}`;
      return {
        bytes: byteLength(body),
        value: { body, compressed: true, trimmedHistory: dropped, mol: state, view }
      };
    };
    const whole = measure(0);
    if (whole.bytes <= budget) return ok(whole.value);
    const bare = all > 0 ? measure(all) : whole;
    smallest = bare.bytes;
    if (bare.bytes > budget) continue;
    return ok(
      fewestToDrop({ count: 0, bytes: whole.bytes }, { count: all, probe: bare }, budget, measure).probe.value
    );
  }
  return err(
    "state-too-large",
    `molecule ${mol.id} state is ${groupDigits(smallest)} bytes compressed, over the ${groupDigits(budget)}-byte budget of a GitHub comment; it does not fit even with all ${groupDigits(all)} history entries trimmed and the view cut to a summary. Squash or burn finished molecules, or split the formula into smaller ones; the previous state was left as it was.`
  );
}
function dropOldestHistory(mol, count) {
  if (count === 0) return mol;
  return { ...mol, history: mol.history.slice(count), historyTrimmed: (mol.historyTrimmed ?? 0) + count };
}

// src/github/archive-comment.ts
var OPEN = "<!-- molecular:archive v1";
var BLOCK = /<!--[ \t]*molecular:archive[ \t]+v(\d+)[ \t]*\r?\n([\s\S]*?)\r?\n?-->/;
function formatArchiveBody(record3) {
  const steps = record3.steps.map((s) => `| ${codeSpan(s.id)} | ${s.status} | ${s.attempts} |`);
  const m = record3.metrics;
  return [
    `${OPEN}
${commentSafeJson(record3)}
-->`,
    "",
    `### \u{1F4E6} ${inlineText(record3.title, 200)}`,
    "",
    `Squashed molecule ${codeSpan(record3.id)} (formula ${codeSpan(record3.formula.name)}): **${record3.outcome}** after ${formatDuration(m.durationMs)}, ${m.attempts} attempts, ${m.retries} retries, ${m.loops} loops.`,
    "",
    // The summary is markdown, but it must not open a block of its own that a reader could mistake for state.
    truncate(record3.summary, 4e3).replace(/<!--/g, "&lt;!--"),
    "",
    "<details><summary>Steps</summary>",
    "",
    "| step | status | attempts |",
    "|---|---|---|",
    ...steps.slice(0, 200),
    "",
    "</details>"
  ].join("\n");
}
function readArchiveBlock(body) {
  const match = BLOCK.exec(body);
  if (!match) return void 0;
  if (Number(match[1]) !== 1)
    return err("state-version", `the archive block is format v${match[1]}, which this Molecular cannot read`);
  let data;
  try {
    data = JSON.parse(match[2] ?? "");
  } catch (cause) {
    return err("state-corrupt", `the archive block is not valid JSON: ${cause.message}`);
  }
  const parsed = ArchiveRecordSchema.safeParse(data);
  if (!parsed.success) {
    const issue2 = parsed.error.issues[0];
    return err(
      "state-invalid",
      `the archive block does not hold a valid record: at ${issue2?.path.join(".") || "(root)"}: ${issue2?.message}`
    );
  }
  return ok(parsed.data);
}

// src/github/comment-seal.ts
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
var SEAL = /\n*<!-- molecular:digest (sha256|hmac-sha256):([0-9a-f]{64}) at:(\S+) -->\s*$/;
var SEAL_RESERVE_BYTES = 140;
var normalize = (content) => content.replace(/\r\n?/g, "\n").trimEnd();
function digest(content, at, key) {
  const input2 = `molecular:digest v1
${at}
${normalize(content)}`;
  return key === void 0 ? createHash("sha256").update(input2).digest("hex") : createHmac("sha256", key).update(input2).digest("hex");
}
function sealBody(content, at, key) {
  const iso = at.toISOString();
  const algorithm = key === void 0 ? "sha256" : "hmac-sha256";
  return `${normalize(content)}

<!-- molecular:digest ${algorithm}:${digest(content, iso, key)} at:${iso} -->`;
}
function openSeal(body, key) {
  const match = SEAL.exec(body);
  if (!match)
    return err(
      "seal-broken",
      "it carries no Molecular digest line, so it was not written by Molecular or the line was removed"
    );
  const [, algorithm, hex3, at] = match;
  const content = body.slice(0, match.index);
  if (key !== void 0 && algorithm !== "hmac-sha256") {
    return err(
      "seal-broken",
      "its digest is an unkeyed sha256 while this installation signs state with a key"
    );
  }
  if (key === void 0 && algorithm === "hmac-sha256") {
    return err(
      "seal-broken",
      "it is signed with a key this process was not given (set the same state key everywhere)"
    );
  }
  if (Number.isNaN(Date.parse(at)))
    return err("seal-broken", `its digest line has an unreadable time "${at}"`);
  const expected = Buffer.from(digest(content, at, key), "hex");
  if (!timingSafeEqual(expected, Buffer.from(hex3, "hex"))) {
    return err(
      "seal-broken",
      "its content does not match the digest Molecular wrote, so it was edited after Molecular wrote it"
    );
  }
  return ok({ content, at, algorithm });
}

// src/github/comment-trust.ts
var DEFAULT_EDIT_WINDOW_MS = 10 * 6e4;
function defaultTrustedWriters(appSlug) {
  return [...appSlug ? [`${appSlug}[bot]`] : [], "github-actions[bot]"];
}
function isTrustedWriter(login, policy) {
  const lower = login.toLowerCase();
  return policy.writers.some((w) => w.toLowerCase() === lower);
}
function judgeComment(comment, policy) {
  const where3 = `comment #${comment.id}`;
  if (!isTrustedWriter(comment.author, policy)) {
    return err(
      "state-untrusted",
      `${where3} holds Molecular state but was written by @${comment.author}, who is not a trusted writer (${policy.writers.join(", ")}); it was ignored`
    );
  }
  if (comment.editor !== void 0 && !isTrustedWriter(comment.editor, policy)) {
    return err(
      "state-untrusted",
      `${where3} by @${comment.author} was last edited by @${comment.editor}, who is not a trusted writer; it was ignored`
    );
  }
  const sealed = openSeal(comment.body, policy.key);
  if (!sealed.ok)
    return err("state-untrusted", `${where3} by @${comment.author} was ignored: ${sealed.error.message}`);
  const drift = Date.parse(comment.updatedAt) - Date.parse(sealed.value.at);
  if (!(Math.abs(drift) <= policy.editWindowMs)) {
    return err(
      "state-untrusted",
      `${where3} by @${comment.author} was edited at ${comment.updatedAt}, after Molecular wrote it at ${sealed.value.at}; it was ignored`
    );
  }
  return ok(sealed.value);
}

// src/engine/codec/unpack-molecule.ts
function unpackMolecule(data) {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return data;
  const record3 = data;
  return { ...record3, steps: unpackTable(record3.steps), history: unpackTable(record3.history) };
}

// src/engine/codec/decode.ts
function decodeState(body) {
  const block = findStateBlock(body);
  if (!block)
    return err(
      "state-missing",
      "the comment holds no molecular state block (`<!-- molecular:state v1 \u2026 -->`)"
    );
  const at = { line: block.line };
  if (block.version > STATE_VERSION) return tooNew(block.version, at);
  if (block.version < 1)
    return err("state-corrupt", `the state block has an unknown version v${block.version}`, at);
  if (!block.closed) {
    return err("state-corrupt", "the state block is cut off: the comment ends before its closing `-->`", at);
  }
  if (block.encoding === "unknown") {
    return err(
      "state-corrupt",
      "the state block header names an encoding other than plain JSON or deflate",
      at
    );
  }
  const data = readPayload(block);
  if (!data.ok) return { ok: false, error: { ...data.error, ...at } };
  const version2 = data.value?.v;
  if (typeof version2 === "number" && version2 > STATE_VERSION) return tooNew(version2, at);
  return validate2(data.value, block.line);
}
function readPayload(block) {
  if (block.encoding === "json") return parseJson(block.payload, "JSON");
  const text2 = inflateFromBase64(block.payload);
  if (!text2.ok) return text2;
  const packed = parseJson(text2.value, "deflated JSON");
  return packed.ok ? ok(unpackMolecule(packed.value)) : packed;
}
function parseJson(text2, what) {
  try {
    return ok(JSON.parse(text2));
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return err("state-corrupt", `the state block is not valid ${what}: ${reason}`);
  }
}
function validate2(data, line) {
  const parsed = MoleculeSchema.safeParse(data);
  if (parsed.success) return ok(parsed.data);
  const issues = parsed.error.issues.map((issue2) => ({
    where: formatKeyPath(issue2.path) || "(root)",
    message: issue2.message
  }));
  const first = issues[0] ?? { where: "(root)", message: "invalid" };
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? "s" : ""})` : "";
  const diagnostics = issues.map((issue2) => ({
    severity: "error",
    code: "state-invalid",
    message: `${issue2.where}: ${issue2.message}`,
    line
  }));
  const error2 = {
    code: "state-invalid",
    message: `the state block does not hold a valid molecule: at ${first.where}: ${first.message}${more}`,
    line,
    diagnostics
  };
  return { ok: false, error: error2 };
}
function tooNew(version2, at) {
  return err(
    "state-version",
    `the state block is format v${version2}, written by a newer Molecular than this one (which reads v${STATE_VERSION}); upgrade Molecular to read it`,
    at
  );
}

// src/github/state-comments.ts
function toView(comment) {
  return {
    id: Number(comment.id),
    nodeId: comment.node_id,
    author: comment.user?.login ?? "ghost",
    body: comment.body ?? "",
    updatedAt: comment.updated_at
  };
}
var COMMENT_FIELDS = `id databaseId author { __typename login } editor { __typename login } body createdAt lastEditedAt`;
var COMMENTS_QUERY = `query MolecularComments($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    issueOrPullRequest(number: $number) {
      ... on Issue { comments(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${COMMENT_FIELDS} } } }
      ... on PullRequest { comments(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${COMMENT_FIELDS} } } }
    }
  }
}`;
var COMMENT_QUERY = `query MolecularComment($id: ID!) {
  node(id: $id) { ... on IssueComment { ${COMMENT_FIELDS} } }
}`;
function restLogin(actor) {
  if (!actor) return "ghost";
  return actor.__typename === "Bot" && !actor.login.endsWith("[bot]") ? `${actor.login}[bot]` : actor.login;
}
function graphqlView(node2) {
  return {
    id: node2.databaseId,
    nodeId: node2.id,
    author: restLogin(node2.author),
    body: node2.body,
    updatedAt: node2.lastEditedAt ?? node2.createdAt,
    // An edit whose editor GitHub no longer names (a deleted account) is nobody's to trust.
    ...node2.lastEditedAt ? { editor: restLogin(node2.editor) } : {}
  };
}
async function listIssueComments(octokit, repo, issue2) {
  const views = [];
  let after = null;
  for (; ; ) {
    let data;
    try {
      data = await octokit.graphql(COMMENTS_QUERY, {
        owner: repo.owner,
        name: repo.repo,
        number: issue2,
        after
      });
    } catch (error2) {
      if (isNotFound(error2) && error2.data?.repository) return views;
      throw error2;
    }
    const comments = data.repository?.issueOrPullRequest?.comments;
    if (!comments) return views;
    views.push(...comments.nodes.map(graphqlView));
    if (!comments.pageInfo.hasNextPage || !comments.pageInfo.endCursor) return views;
    after = comments.pageInfo.endCursor;
  }
}
async function getComment(octokit, comment) {
  try {
    const data = await octokit.graphql(COMMENT_QUERY, {
      id: comment.nodeId
    });
    return data.node?.databaseId === void 0 ? void 0 : graphqlView(data.node);
  } catch (error2) {
    if (isNotFound(error2)) return void 0;
    throw error2;
  }
}
function isNotFound(error2) {
  const errors = error2?.errors;
  return httpStatus(error2) === 404 || Array.isArray(errors) && errors.some((e) => e.type === "NOT_FOUND");
}
function classifyComments(comments, policy) {
  const found = [];
  const rejected = [];
  for (const comment of comments) {
    const archive = readArchiveBlock(comment.body);
    if (!archive && !findStateBlock(comment.body)) continue;
    const claim2 = archive ?? decodeState(comment.body);
    const molId = claim2.ok ? claim2.value.id : void 0;
    const trust = judgeComment(comment, policy);
    if (!trust.ok) rejected.push({ comment, ...molId ? { molId } : {}, error: trust.error });
    else if (!claim2.ok) rejected.push({ comment, error: claim2.error });
    else if (archive) found.push({ kind: "archive", comment, record: claim2.value });
    else found.push({ kind: "state", comment, mol: claim2.value });
  }
  return { found, rejected };
}
function pickMolecule(classified, id) {
  const idOf = (f) => f.kind === "state" ? f.mol.id : f.record.id;
  const found = classified.found.filter((f) => idOf(f) === id).sort((a, b) => a.comment.id - b.comment.id)[0];
  return { ...found ? { found } : {}, rejected: classified.rejected.filter((r) => r.molId === id) };
}

// src/github/confirm-write.ts
var STALE_READ_DELAYS_MS = [250, 1e3];
async function confirmWrite(octokit, input2) {
  const same = (c) => c.body.replace(/\r\n?/g, "\n").trimEnd() === input2.body.trimEnd();
  if (input2.mode === "response") return same(input2.response) ? ok({}) : lost(input2.response.id);
  for (let attempt2 = 0; ; attempt2++) {
    const back = await getComment(octokit, input2.response);
    if (back && same(back)) return ok({});
    if (back) {
      const [found] = classifyComments([back], input2.policy).found;
      if (found?.kind === "state" && found.mol.rev > input2.previousRev) return ok({ conflict: found });
    }
    const delay = STALE_READ_DELAYS_MS[attempt2];
    if (delay === void 0) return lost(input2.response.id);
    await input2.sleep(delay);
  }
}
function lost(commentId) {
  return err(
    "write-lost",
    `GitHub did not keep the edit of comment #${commentId}: reading it back shows something else; the state there is unchanged, try again`
  );
}

// src/github/keyed-mutex.ts
var KeyedMutex = class {
  tails = /* @__PURE__ */ new Map();
  async run(key, fn) {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(fn);
    const tail = current.then(
      () => void 0,
      () => void 0
    );
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
  /** Keys with a writer running or queued (tests, diagnostics). */
  get busyKeys() {
    return [...this.tails.keys()];
  }
};
var processMutex = new KeyedMutex();

// src/github/labels.ts
var STATE_LABELS = {
  active: { name: "molecule:active", color: "1f6feb", description: "A Molecular workflow is running here" },
  complete: { name: "molecule:complete", color: "2da44e", description: "The Molecular workflow completed" },
  failed: { name: "molecule:failed", color: "cf222e", description: "The Molecular workflow failed" }
};
var STATE_LABEL_LIST = Object.values(STATE_LABELS);
async function setStateLabels(octokit, repo, issue2, add, remove) {
  if (add.length > 0) {
    await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/labels", {
      ...repo,
      issue_number: issue2,
      labels: add
    });
  }
  for (const name of remove.filter((n) => !add.includes(n))) {
    try {
      await octokit.request("DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}", {
        ...repo,
        issue_number: issue2,
        name
      });
    } catch (error2) {
      if (httpStatus(error2) !== 404) throw error2;
    }
  }
}
async function ensureLabels(octokit, repo, labels = STATE_LABEL_LIST) {
  const created = [];
  for (const label of labels) {
    try {
      await octokit.request("POST /repos/{owner}/{repo}/labels", { ...repo, ...label });
      created.push(label.name);
    } catch (error2) {
      if (httpStatus(error2) !== 422) throw error2;
    }
  }
  return created;
}

// src/github/next-state.ts
function applyMutator(fn, current) {
  try {
    return fn(structuredClone(current));
  } catch (error2) {
    return err(
      "mutator-threw",
      `the change to molecule ${current.id} threw instead of returning an error: ${httpMessage(error2)}`
    );
  }
}
function nextStateOf(before, mutation) {
  if (mutation.mol.id !== before.id) {
    return err(
      "state-invalid",
      `a change to molecule ${before.id} tried to rename it to ${mutation.mol.id}; nothing was written`
    );
  }
  const parsed = MoleculeSchema.safeParse({ ...mutation.mol, rev: before.rev + 1 });
  if (parsed.success) return ok(parsed.data);
  const issue2 = parsed.error.issues[0];
  return err(
    "state-invalid",
    `the new state of molecule ${before.id} is invalid at ${issue2?.path.join(".") || "(root)"}: ${issue2?.message}; nothing was written`
  );
}
function archiveOf(effects, id) {
  const effect = effects.find((e) => e.type === "archive");
  if (!effect) {
    return err(
      "archive-missing",
      `squashing molecule ${id} needs an archive effect holding the record; nothing was written`
    );
  }
  const parsed = ArchiveRecordSchema.safeParse(effect.record);
  if (!parsed.success)
    return err("state-invalid", `the archive record of molecule ${id} is invalid; nothing was written`);
  if (parsed.data.id !== id)
    return err("state-invalid", `the archive record names molecule ${parsed.data.id}, not ${id}`);
  return ok(parsed.data);
}

// src/github/ref-lock.ts
var EMPTY_TREE_SHA = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
var LOCK_REF_PREFIX = "refs/molecular/locks/";
var MESSAGE_TITLE = "molecular lock";
function lockRefFor(molId) {
  const safe = /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(molId) ? molId : `x-${Buffer.from(molId).toString("hex").slice(0, 200)}`;
  return LOCK_REF_PREFIX + safe;
}
var shortRef = (ref) => ref.replace(/^refs\//, "");
async function createLockCommit(octokit, repo, record3, parents) {
  const { data } = await octokit.request("POST /repos/{owner}/{repo}/git/commits", {
    ...repo,
    message: `${MESSAGE_TITLE}

${JSON.stringify(record3)}
`,
    tree: EMPTY_TREE_SHA,
    parents
  });
  return data.sha;
}
async function readLock(octokit, repo, ref, ttlMs) {
  let sha;
  try {
    const { data: data2 } = await octokit.request("GET /repos/{owner}/{repo}/git/ref/{ref}", {
      ...repo,
      ref: shortRef(ref)
    });
    sha = data2.object.sha;
  } catch (error2) {
    if (httpStatus(error2) === 404) return void 0;
    throw error2;
  }
  const { data } = await octokit.request("GET /repos/{owner}/{repo}/git/commits/{commit_sha}", {
    ...repo,
    commit_sha: sha
  });
  const record3 = parseRecord(data.message);
  if (record3) return { sha, holder: record3.holder, expiresAt: new Date(record3.expiresAt) };
  return { sha, holder: "unknown", expiresAt: new Date(Date.parse(data.committer.date ?? "") + ttlMs) };
}
function parseRecord(message) {
  if (!message.startsWith(MESSAGE_TITLE)) return void 0;
  try {
    const record3 = JSON.parse(message.slice(MESSAGE_TITLE.length).trim());
    if (typeof record3.holder !== "string" || typeof record3.expiresAt !== "string") return void 0;
    if (Number.isNaN(Date.parse(record3.expiresAt))) return void 0;
    return { holder: record3.holder, expiresAt: record3.expiresAt };
  } catch {
    return void 0;
  }
}
async function acquireRefLock(octokit, repo, molId, options) {
  const ref = lockRefFor(molId);
  const started = options.now().getTime();
  const pollMs = options.pollMs ?? 500;
  let commit;
  for (; ; ) {
    const now = options.now();
    if (!commit || commit.expiresAt.getTime() - now.getTime() < options.ttlMs / 2) {
      const expiresAt = new Date(now.getTime() + options.ttlMs);
      const sha = await createLockCommit(
        octokit,
        repo,
        { holder: options.holder, expiresAt: expiresAt.toISOString() },
        []
      );
      commit = { sha, expiresAt };
    }
    const lease = { ref, sha: commit.sha, holder: options.holder, expiresAt: commit.expiresAt };
    try {
      await postOnce(
        async () => {
          await octokit.request("POST /repos/{owner}/{repo}/git/refs", {
            ...repo,
            ref,
            sha: lease.sha,
            request: NO_RETRIES
          });
          return lease;
        },
        async () => (await readLock(octokit, repo, ref, options.ttlMs))?.sha === lease.sha ? lease : void 0,
        options.sleep
      );
      return ok(lease);
    } catch (error2) {
      if (httpStatus(error2) !== 422) throw error2;
    }
    const held = await readLock(octokit, repo, ref, options.ttlMs);
    if (held === void 0) {
      if (options.now().getTime() - started < options.waitMs) continue;
      return err(
        "lock-failed",
        `the lock ref ${ref} for molecule ${molId} could not be created; nothing was written`
      );
    }
    if (held.expiresAt.getTime() <= options.now().getTime()) {
      const taken = await takeOver(octokit, repo, ref, held.sha, options);
      if (taken) return ok(taken);
      continue;
    }
    const waited = options.now().getTime() - started;
    if (waited >= options.waitMs) {
      return err(
        "lock-held",
        `molecule ${molId} is being changed by ${held.holder} (lock held until ${held.expiresAt.toISOString()}); nothing was written, try again shortly`
      );
    }
    await options.sleep(Math.min(pollMs, Math.max(1, options.waitMs - waited)));
  }
}
async function takeOver(octokit, repo, ref, staleSha, options) {
  const expiresAt = new Date(options.now().getTime() + options.ttlMs);
  const sha = await createLockCommit(
    octokit,
    repo,
    { holder: options.holder, expiresAt: expiresAt.toISOString() },
    [staleSha]
  );
  try {
    await octokit.request("PATCH /repos/{owner}/{repo}/git/refs/{ref}", {
      ...repo,
      ref: shortRef(ref),
      sha,
      force: false
    });
    return { ref, sha, holder: options.holder, expiresAt };
  } catch (error2) {
    if (httpStatus(error2) === 422) return void 0;
    throw error2;
  }
}
async function releaseRefLock(octokit, repo, lease, now) {
  if (now.getTime() >= lease.expiresAt.getTime()) {
    try {
      const { data } = await octokit.request("GET /repos/{owner}/{repo}/git/ref/{ref}", {
        ...repo,
        ref: shortRef(lease.ref)
      });
      if (data.object.sha !== lease.sha) return;
    } catch (error2) {
      if (httpStatus(error2) === 404) return;
      throw error2;
    }
  }
  try {
    await octokit.request("DELETE /repos/{owner}/{repo}/git/refs/{ref}", {
      ...repo,
      ref: shortRef(lease.ref)
    });
  } catch (error2) {
    if (httpStatus(error2) !== 422 && httpStatus(error2) !== 404) throw error2;
  }
}

// src/github/search-issues.ts
var MAX_PAGES = 10;
async function searchIssueNumbers(octokit, q) {
  const numbers = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { data } = await octokit.request("GET /search/issues", { q, per_page: 100, page });
    numbers.push(...data.items.map((item) => item.number));
    if (data.items.length < 100 || numbers.length >= data.total_count) break;
  }
  return numbers;
}

// src/github/state-labels.ts
function stateLabelFor(status2) {
  switch (status2) {
    case "pending":
    case "in_progress":
    case "paused":
      return STATE_LABELS.active.name;
    case "complete":
      return STATE_LABELS.complete.name;
    case "failed":
      return STATE_LABELS.failed.name;
    case "squashed":
    case "burned":
      return void 0;
  }
}
function stateLabelsFor(statuses) {
  const all = statuses ? [...statuses] : ["pending", "complete", "failed"];
  return [...new Set(all.map(stateLabelFor).filter((l) => l !== void 0))];
}

// src/github/comment-store.ts
var DEFAULT_LOCK_TTL_MS = 12e4;
var DEFAULT_LOCK_WAIT_MS = 15e3;
var CommentStore = class {
  constructor(options) {
    this.options = options;
    this.octokit = options.octokit;
    this.repo = options.repo;
    this.policy = {
      writers: options.trustedWriters,
      ...options.stateKey !== void 0 ? { key: options.stateKey } : {},
      editWindowMs: options.editWindowMs ?? DEFAULT_EDIT_WINDOW_MS
    };
    this.now = options.now ?? (() => /* @__PURE__ */ new Date());
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.mutex = options.mutex ?? processMutex;
  }
  options;
  octokit;
  repo;
  policy;
  locations = /* @__PURE__ */ new Map();
  /** Issues this store wrote to: `list` reads them even before search has indexed their labels. */
  knownIssues = /* @__PURE__ */ new Set();
  now;
  sleep;
  mutex;
  create(mol) {
    return this.guard("create", mol.id, async () => {
      const valid = MoleculeSchema.safeParse(mol);
      if (!valid.success) {
        return err(
          "state-invalid",
          `the molecule to create is invalid: ${valid.error.issues[0]?.message ?? "invalid"}`
        );
      }
      const issue2 = valid.data.subject.issue ?? valid.data.subject.pr;
      if (issue2 === void 0) {
        return err(
          "no-subject",
          `molecule ${mol.id} has no issue or pull request to keep its state comment on`
        );
      }
      const embedded = parseMoleculeId(mol.id);
      if (embedded && embedded.issue !== issue2) {
        return err(
          "invalid-id",
          `molecule id ${mol.id} names #${embedded.issue} but its subject is #${issue2}`
        );
      }
      if (valid.data.subject.repo && valid.data.subject.repo.toLowerCase() !== repoSlug(this.repo).toLowerCase()) {
        return err(
          "wrong-repo",
          `molecule ${mol.id} belongs to ${valid.data.subject.repo}, not ${repoSlug(this.repo)}`
        );
      }
      return this.exclusive(mol.id, async () => {
        const existing = pickMolecule(classifyComments(await this.listComments(issue2), this.policy), mol.id);
        if (existing.found) {
          if (existing.found.kind === "state") {
            this.remember(mol.id, { issue: issue2, comment: existing.found.comment });
            await this.label(issue2, existing.found.mol.status);
          }
          return err(
            "exists",
            `molecule ${mol.id} already exists (comment #${existing.found.comment.id} on #${issue2})`
          );
        }
        const encoded = await this.encode(valid.data);
        if (!encoded.ok) return encoded;
        const body = sealBody(encoded.value.body, this.now(), this.policy.key);
        const posted = await postOnce(
          async () => {
            const { data } = await this.octokit.request(
              "POST /repos/{owner}/{repo}/issues/{issue_number}/comments",
              { ...this.repo, issue_number: issue2, body, request: NO_RETRIES }
            );
            return toView(data);
          },
          async () => {
            const landed = this.pick(await this.listComments(issue2), mol.id).found;
            return landed?.kind === "state" ? landed.comment : void 0;
          },
          this.sleep
        );
        const confirmed = await this.confirm(posted, body, -1);
        if (!confirmed.ok) return confirmed;
        if (confirmed.value.conflict) {
          return err("exists", `molecule ${mol.id} was created by another writer at the same time`);
        }
        this.remember(mol.id, { issue: issue2, comment: posted });
        await this.label(issue2, encoded.value.mol.status);
        return ok(encoded.value.mol);
      });
    });
  }
  load(id) {
    return this.guard("load", id, async () => {
      const found = await this.read(id);
      if (!found.ok) return found;
      return ok(found.value?.kind === "state" ? found.value.mol : void 0);
    });
  }
  loadArchive(id) {
    return this.guard("loadArchive", id, async () => {
      const found = await this.read(id);
      if (!found.ok) return found;
      return ok(found.value?.kind === "archive" ? found.value.record : void 0);
    });
  }
  mutate(id, fn) {
    return this.guard(
      "mutate",
      id,
      () => this.exclusive(id, async (lease) => {
        let found = await this.read(id);
        for (let attempt2 = 0; ; attempt2++) {
          if (!found.ok) return found;
          const current = found.value;
          if (current?.kind !== "state") {
            return err("not-found", `there is no live molecule ${id} in ${repoSlug(this.repo)}`);
          }
          const next = applyMutator(fn, current.mol);
          if (!next.ok) return next;
          if (lease && this.now().getTime() >= lease.expiresAt.getTime()) {
            return err(
              "lock-lost",
              `the lock on molecule ${id} ran out while the change was computed; nothing was written, try again`
            );
          }
          const written = await this.write(current, next.value);
          if (!written.ok) return written;
          if ("done" in written.value) return ok(written.value.done);
          if (attempt2 >= (this.options.maxConflictRetries ?? 3)) {
            return err(
              "conflict",
              `molecule ${id} kept being changed by another writer; the change was not written, try again`
            );
          }
          found = ok(written.value.conflict);
        }
      })
    );
  }
  list(filter = {}) {
    return this.guard("list", "*", async () => {
      if (filter.status?.length === 0) return ok([]);
      const issues = new Set(this.knownIssues);
      for (const label of stateLabelsFor(filter.status)) {
        const found = await searchIssueNumbers(this.octokit, `repo:${repoSlug(this.repo)} label:"${label}"`);
        for (const number4 of found) issues.add(number4);
      }
      const molecules = [];
      for (const issue2 of [...issues].sort((a, b) => a - b)) {
        const classified = classifyComments(await this.listComments(issue2), this.policy);
        this.reportAll(classified.rejected);
        for (const found of classified.found) {
          if (found.kind !== "state") continue;
          const mol = found.mol;
          this.remember(mol.id, { issue: issue2, comment: found.comment });
          if (filter.kind !== void 0 && mol.kind !== filter.kind) continue;
          if (filter.status !== void 0 && !filter.status.includes(mol.status)) continue;
          molecules.push(mol);
        }
      }
      molecules.sort(
        (a, b) => a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt.localeCompare(b.createdAt)
      );
      return ok(molecules);
    });
  }
  /** Where a molecule's comment is; undefined when its id names no issue this store can find. */
  issueOf(id) {
    return this.locations.get(id)?.issue ?? parseMoleculeId(id)?.issue ?? this.options.issueOf?.(id);
  }
  remember(id, location) {
    this.locations.set(id, location);
    this.knownIssues.add(location.issue);
  }
  /** The believed comment of `id`: by its cached comment id (1 call), else by listing its issue. */
  async read(id) {
    const issue2 = this.issueOf(id);
    if (issue2 === void 0) return ok(void 0);
    const cached2 = this.locations.get(id);
    if (cached2) {
      const comment = await getComment(this.octokit, cached2.comment);
      const picked2 = comment ? this.pick([comment], id) : void 0;
      if (picked2 && (picked2.found || picked2.rejected.length > 0)) return this.verdict(picked2);
      this.locations.delete(id);
    }
    const picked = this.pick(await this.listComments(issue2), id);
    if (picked.found) this.remember(id, { issue: issue2, comment: picked.found.comment });
    return this.verdict(picked);
  }
  pick(comments, id) {
    return pickMolecule(classifyComments(comments, this.policy), id);
  }
  /** A believed comment wins over forgeries next to it (reported); forgeries alone are an error. */
  verdict(picked) {
    this.reportAll(picked.rejected);
    if (picked.found) return ok(picked.found);
    const first = picked.rejected[0];
    return first ? { ok: false, error: first.error } : ok(void 0);
  }
  reportAll(rejected) {
    for (const r of rejected) this.options.onProblem?.(r.error, r.comment);
  }
  listComments(issue2) {
    return listIssueComments(this.octokit, this.repo, issue2);
  }
  async encode(mol) {
    const proto = await this.options.protoFor?.(mol);
    return encodeState(mol, {
      ...proto ? { proto } : {},
      budgetBytes: DEFAULT_STATE_BUDGET_BYTES - SEAL_RESERVE_BYTES
    });
  }
  /** Persists one reducer result over `current`: an edit, an archive (squash) or a deletion (burn). */
  async write(current, mutation) {
    const before = current.mol;
    const checked = nextStateOf(before, mutation);
    if (!checked.ok) return checked;
    const next = checked.value;
    const commentId = current.comment.id;
    const issue2 = this.issueOf(before.id);
    const done2 = (mol) => ok({ done: { mol, effects: mutation.effects } });
    if (next.status === "burned") {
      try {
        await this.octokit.request("DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}", {
          ...this.repo,
          comment_id: commentId
        });
      } catch (error2) {
        if (httpStatus(error2) !== 404) throw error2;
      }
      this.locations.delete(before.id);
      return done2(next);
    }
    let body;
    let persisted = next;
    if (next.status === "squashed") {
      const record3 = archiveOf(mutation.effects, before.id);
      if (!record3.ok) return record3;
      body = sealBody(formatArchiveBody(record3.value), this.now(), this.policy.key);
    } else {
      const encoded = await this.encode(next);
      if (!encoded.ok) return encoded;
      persisted = encoded.value.mol;
      body = sealBody(encoded.value.body, this.now(), this.policy.key);
    }
    const { data } = await this.octokit.request("PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}", {
      ...this.repo,
      comment_id: commentId,
      body
    });
    const confirmed = await this.confirm(toView(data), body, before.rev);
    if (!confirmed.ok) return confirmed;
    if (confirmed.value.conflict) return ok({ conflict: confirmed.value.conflict });
    if (stateLabelFor(next.status) !== stateLabelFor(before.status)) await this.label(issue2, next.status);
    return done2(persisted);
  }
  confirm(response, body, previousRev) {
    return confirmWrite(this.octokit, {
      response,
      body,
      previousRev,
      policy: this.policy,
      mode: this.options.confirm ?? "reread",
      sleep: this.sleep
    });
  }
  async label(issue2, status2) {
    const label = stateLabelFor(status2);
    if (this.options.labels === false || label === void 0) return;
    try {
      await setStateLabels(this.octokit, this.repo, issue2, [label], []);
    } catch (error2) {
      this.options.onProblem?.({
        code: "label-failed",
        message: `could not label #${issue2} ${label}: ${httpMessage(error2)}`
      });
    }
  }
  /** The mutex of this process, then (lock: 'ref') the lease shared with other processes. */
  exclusive(id, fn) {
    const key = `${repoSlug(this.repo)}#${id}`.toLowerCase();
    return this.mutex.run(key, async () => {
      if (this.options.lock !== "ref") return fn();
      const lease = await acquireRefLock(this.octokit, this.repo, id, {
        holder: this.options.lockHolder ?? `molecular:${process.pid}`,
        ttlMs: this.options.lockTtlMs ?? DEFAULT_LOCK_TTL_MS,
        waitMs: this.options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS,
        now: this.now,
        sleep: this.sleep
      });
      if (!lease.ok) return lease;
      try {
        return await fn(lease.value);
      } finally {
        await releaseRefLock(this.octokit, this.repo, lease.value, this.now()).catch((error2) => {
          this.options.onProblem?.({
            code: "lock-release-failed",
            message: `could not release ${lease.value.ref}: ${httpMessage(error2)}`
          });
        });
      }
    });
  }
  /** GitHub failures (5xx after retries, 401, 403) come back as values, like every other error. */
  async guard(operation, id, fn) {
    try {
      return await fn();
    } catch (error2) {
      const status2 = httpStatus(error2);
      return err(
        "github-error",
        `${operation} of molecule ${id} failed: GitHub answered ${status2 ?? "nothing"}: ${httpMessage(error2)}`
      );
    }
  }
};
function createCommentStore(options) {
  return new CommentStore(options);
}

// src/engine/cook/context.ts
function placeOf(origin, ...more) {
  const at = origin.formula.locate([...origin.path, ...more]);
  return { file: at.file ?? origin.formula.file, line: at.line, col: at.col };
}
var CookContext = class {
  constructor(library) {
    this.library = library;
  }
  library;
  errors = [];
  warnings = [];
  uses = [];
  error(code, message, place) {
    this.errors.push(withPlace({ severity: "error", code, message }, place));
  }
  warn(code, message, place) {
    this.warnings.push(withPlace({ severity: "warning", code, message }, place));
  }
  /** A formula named by `role` (`extends`, `compose.expand`, `compose.aspects`); an error at `place` when the library lacks it. */
  load(name, role, place) {
    const found = this.library?.get(name);
    if (!found) {
      const where3 = this.library ? "is known" : "can be loaded (no formula library was given)";
      this.error("unknown-formula", `${role} names "${name}", but no formula by that name ${where3}`, place);
      return void 0;
    }
    if (!this.uses.includes(name)) this.uses.push(name);
    return found;
  }
};
function withPlace(d, place) {
  const out = { ...d };
  if (place.file !== void 0) out.file = place.file;
  if (place.line !== void 0) out.line = place.line;
  if (place.col !== void 0) out.col = place.col;
  return out;
}
function asMolError(errors) {
  const [first] = errors;
  const { severity: _severity, ...top } = first;
  return errors.length > 1 ? { ...top, diagnostics: [...errors] } : top;
}

// src/engine/cook/glob.ts
var cache = /* @__PURE__ */ new Map();
function matchGlob(glob, text2) {
  let re = cache.get(glob);
  if (!re) {
    const body = [...glob].map((c) => c === "*" ? "[^]*" : c === "?" ? "[^]" : c.replace(/[.+^${}()|[\]\\/-]/g, "\\$&")).join("");
    re = new RegExp(`^${body}$`);
    cache.set(glob, re);
  }
  return re.test(text2);
}
var isGlob = (text2) => /[*?]/.test(text2);

// src/engine/cook/infer-type.ts
function inferType(data) {
  if (data.type) return data.type;
  if (data.template?.length) return "expansion";
  if (data.advice?.length || data.pointcuts?.length) return "aspect";
  if (data.legs?.length) return "convoy";
  const hasOwnWork = Boolean(data.steps?.length || data.extends?.length || data.synthesis || data.compose);
  if (data["step-overrides"] && !hasOwnWork) return "overlay";
  return "workflow";
}

// src/engine/cook/target-placeholders.ts
var TEXT_FIELDS = ["id", "title", "description", "acceptance", "output", "condition"];
function fillTarget(text2, values) {
  if (!text2.includes("{")) return text2;
  return text2.replace(
    /(?<!\{)\{([a-z]+(?:\.[a-z]+)?)\}(?!\})/g,
    (whole, name) => Object.hasOwn(values, name) ? values[name] : whole
  );
}
function fillStep(step, values) {
  const out = { ...step };
  for (const key of TEXT_FIELDS) {
    const text2 = step[key];
    if (typeof text2 === "string") out[key] = fillTarget(text2, values);
  }
  if (step.needs) out.needs = step.needs.map((n) => fillTarget(n, values));
  if (step.depends_on) out.depends_on = step.depends_on.map((n) => fillTarget(n, values));
  if (step.children) out.children = step.children.map((c) => fillStep(c, values));
  return out;
}

// src/engine/cook/work-step.ts
function union2(...lists) {
  const out = [];
  let seen;
  for (const list of lists) {
    if (!list) continue;
    for (const item of list) {
      if (seen ? seen.has(item) : out.includes(item)) continue;
      out.push(item);
      if (seen) seen.add(item);
      else if (out.length > 16) seen = new Set(out);
    }
  }
  return out;
}
function workStep(step, origin, written = step) {
  const { needs, depends_on, children: _children, ...fields } = step;
  return {
    id: step.id,
    needs: union2(needs, depends_on),
    fields: { ...fields, id: step.id },
    origin,
    written
  };
}
function entriesAndExits(steps) {
  const ids2 = new Set(steps.map((s) => s.id));
  const needed = new Set(steps.flatMap((s) => s.needs));
  return {
    entries: steps.filter((s) => !s.needs.some((n) => ids2.has(n))),
    exits: steps.filter((s) => !needed.has(s.id))
  };
}
function redirectNeeds(steps, id, replacement, except = /* @__PURE__ */ new Set()) {
  return steps.map(
    (s) => !except.has(s.id) && s.needs.includes(id) ? { ...s, needs: union2(...s.needs.map((n) => n === id ? replacement : [n])) } : s
  );
}

// src/engine/cook/aspects.ts
function applyAspects(steps, refs, vars, ctx) {
  let out = steps;
  for (const ref of refs) {
    const aspect = loadAspect(ref, ctx);
    if (!aspect) continue;
    const pointcuts = (aspect.data.pointcuts ?? []).map((p) => p.glob);
    const before = out.map((s) => s.id);
    (aspect.data.advice ?? []).forEach((advice, ai) => {
      const glob = advice.target ?? "*";
      const matched2 = before.filter(
        (id) => matchGlob(glob, id) && (pointcuts.length === 0 || pointcuts.some((p) => matchGlob(p, id)))
      );
      if (matched2.length === 0) {
        ctx.warn(
          "advice-no-match",
          `aspect "${ref.name}": advice for "${glob}" matches no step of this formula, so it adds nothing`,
          placeOf({ formula: aspect, path: ["advice", ai] }, "target")
        );
      }
      for (const id of matched2) out = advise(out, id, advice, ai, aspect);
    });
    for (const [name, input2] of Object.entries(aspect.data.vars ?? {})) {
      if (!vars.has(name)) vars.set(name, { input: input2, origin: { formula: aspect, path: ["vars", name] } });
    }
  }
  return out;
}
function loadAspect(ref, ctx) {
  const aspect = ctx.load(ref.name, "compose.aspects", placeOf(ref.origin));
  if (!aspect) return void 0;
  const kind = inferType(aspect.data);
  if (kind !== "aspect") {
    ctx.error(
      "not-an-aspect",
      `compose.aspects names "${ref.name}", which is a ${kind} formula, not an aspect (it has no [[advice]])`,
      placeOf(ref.origin)
    );
    return void 0;
  }
  return aspect;
}
function advise(steps, id, advice, ai, aspect) {
  const at = steps.findIndex((s) => s.id === id);
  const target = steps[at];
  const values = {
    "step.id": target.id,
    "step.title": target.fields.title ?? target.id,
    "step.description": target.fields.description ?? ""
  };
  const before = instantiate(adviceSteps(advice, ai, "before"), values, aspect);
  const after = instantiate(adviceSteps(advice, ai, "after"), values, aspect);
  const b = entriesAndExits(before);
  const bEntries = new Set(b.entries.map((s) => s.id));
  const wiredBefore = before.map(
    (s) => bEntries.has(s.id) ? { ...s, needs: union2(target.needs, s.needs) } : s
  );
  const wiredTarget = before.length ? { ...target, needs: b.exits.map((s) => s.id) } : target;
  const a = entriesAndExits(after);
  const aEntries = new Set(a.entries.map((s) => s.id));
  const wiredAfter = after.map(
    (s) => aEntries.has(s.id) ? { ...s, needs: union2([target.id], s.needs) } : s
  );
  const others = [...steps.slice(0, at), ...steps.slice(at + 1)];
  const rest = after.length ? redirectNeeds(
    others,
    target.id,
    a.exits.map((s) => s.id)
  ) : others;
  return [...rest.slice(0, at), ...wiredBefore, wiredTarget, ...wiredAfter, ...rest.slice(at)];
}
function adviceSteps(advice, ai, side) {
  return [
    ...(advice.around?.[side] ?? []).map((step, j) => ({ step, path: ["advice", ai, "around", side, j] })),
    ...(advice[side] ?? []).map((step, j) => ({ step, path: ["advice", ai, side, j] }))
  ];
}
function instantiate(list, values, aspect) {
  return list.map(({ step, path }) => workStep(fillStep(step, values), { formula: aspect, path }));
}
function aspectSteps(aspect) {
  return (aspect.data.advice ?? []).flatMap((advice, ai) => {
    const label = advice.target !== void 0 && !isGlob(advice.target) ? advice.target : "step";
    const values = { "step.id": label };
    const before = instantiate(adviceSteps(advice, ai, "before"), values, aspect);
    const after = instantiate(adviceSteps(advice, ai, "after"), values, aspect);
    const stand = entriesAndExits(before).exits.map((s) => s.id);
    const aEntries = new Set(entriesAndExits(after).entries.map((s) => s.id));
    return [
      ...before,
      ...after.map((s) => aEntries.has(s.id) ? { ...s, needs: union2(stand, s.needs) } : s)
    ];
  });
}

// src/engine/cook/closest.ts
function closest(name, candidates) {
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - name.length) > limit) continue;
    const d = editDistance(name, candidate, bestDistance);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
function didYouMean(name, candidates) {
  const near = closest(name, candidates);
  return near === void 0 ? "" : ` (did you mean "${near}"?)`;
}
function editDistance(a, b, cap) {
  let before = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let previousMin = 0;
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + cost
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2] + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > cap && previousMin > cap) return cap + 1;
    previousMin = rowMin;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

// src/engine/cook/min-heap.ts
var MinHeap = class {
  items = [];
  push(value) {
    const a = this.items;
    a.push(value);
    let i = a.length - 1;
    while (i > 0) {
      const parent = i - 1 >> 1;
      if (a[parent] <= value) break;
      a[i] = a[parent];
      i = parent;
    }
    a[i] = value;
  }
  pop() {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length === 0 || last === void 0) return top;
    let i = 0;
    for (; ; ) {
      const l = 2 * i + 1;
      if (l >= a.length) break;
      const r = l + 1;
      const c = r < a.length && a[r] < a[l] ? r : l;
      if (a[c] >= last) break;
      a[i] = a[c];
      i = c;
    }
    a[i] = last;
    return top;
  }
};

// src/engine/cook/dag.ts
function checkDag(steps, ctx) {
  const firstById = /* @__PURE__ */ new Map();
  const unique = [];
  for (const step of steps) {
    const first = firstById.get(step.id);
    if (first) {
      const a = placeOf(first.origin, "id");
      const b = placeOf(step.origin, "id");
      ctx.error(
        "duplicate-step",
        `step id "${step.id}" is defined twice: at ${where(a)} and at ${where(b)}`,
        b
      );
      continue;
    }
    firstById.set(step.id, step);
    unique.push(step);
  }
  const ids2 = firstById.keys.bind(firstById);
  for (const step of steps) {
    for (const need of step.needs) {
      if (firstById.has(need)) continue;
      ctx.error(
        "unknown-need",
        `step "${step.id}" needs "${need}", but no step has that id${didYouMean(need, ids2())}`,
        needPlace(step, need)
      );
    }
    const target = step.fields.on_fail;
    if (target !== void 0 && !firstById.has(target)) {
      ctx.error(
        "unknown-on-fail",
        `step "${step.id}" loops back to "${target}" on failure (on_fail), but no step has that id${didYouMean(target, ids2())}`,
        placeOf(step.origin, "on_fail")
      );
    }
  }
  const graph = indexGraph(unique);
  const { order, stuck } = kahn(graph);
  for (const cycle of findCycles(graph, stuck)) {
    const names = cycle.map((i) => unique[i].id);
    ctx.error(
      "cycle",
      cycleMessage(names),
      placeOf(unique[cycle[0]].origin, "needs")
    );
  }
  unique.forEach((step, i) => {
    const target = step.fields.on_fail;
    if (target === void 0 || target === step.id || !firstById.has(target)) return;
    if (!upstreamOf(graph, i).has(graph.index.get(target))) {
      ctx.error(
        "on-fail-not-upstream",
        `step "${step.id}" loops back to "${target}" on failure (on_fail), but "${target}" does not come before it: an on_fail target must be one of the steps "${step.id}" needs, directly or through others`,
        placeOf(step.origin, "on_fail")
      );
    }
  });
  return stuck.length ? void 0 : order.map((i) => unique[i]);
}
function cycleMessage(ids2) {
  return `steps form a cycle: ${[...ids2, ids2[0]].join(" -> ")} (each step needs the one before it)`;
}
function where(place) {
  return [place.file ?? "<input>", place.line, place.col].filter((p) => p !== void 0).join(":");
}
function needPlace(step, need) {
  const inNeeds = step.written.needs?.indexOf(need) ?? -1;
  if (inNeeds >= 0) return placeOf(step.origin, "needs", inNeeds);
  const inDependsOn = step.written.depends_on?.indexOf(need) ?? -1;
  if (inDependsOn >= 0) return placeOf(step.origin, "depends_on", inDependsOn);
  return placeOf(step.origin, step.written.needs ? "needs" : step.written.depends_on ? "depends_on" : "id");
}
function indexGraph(steps) {
  const index = /* @__PURE__ */ new Map();
  steps.forEach((s, i) => {
    if (!index.has(s.id)) index.set(s.id, i);
  });
  const needs = steps.map((s) => {
    const list = [];
    for (const n of s.needs) {
      const j = index.get(n);
      if (j !== void 0) list.push(j);
    }
    return list;
  });
  const dependents = steps.map(() => []);
  needs.forEach((list, i) => {
    for (const j of list) dependents[j].push(i);
  });
  return { index, needs, dependents };
}
function kahn(graph) {
  const waiting = graph.needs.map((list) => list.length);
  const ready = new MinHeap();
  waiting.forEach((count, i) => {
    if (count === 0) ready.push(i);
  });
  const order = [];
  for (let i = ready.pop(); i !== void 0; i = ready.pop()) {
    order.push(i);
    for (const d of graph.dependents[i]) {
      waiting[d] = waiting[d] - 1;
      if (waiting[d] === 0) ready.push(d);
    }
  }
  const stuck = [];
  waiting.forEach((count, i) => {
    if (count > 0) stuck.push(i);
  });
  return { order, stuck };
}
var MAX_CYCLES = 10;
function findCycles(graph, stuck) {
  const inStuck = new Set(stuck);
  const predsOf = /* @__PURE__ */ new Map();
  const preds = (n) => {
    let list = predsOf.get(n);
    if (!list) {
      list = graph.needs[n].filter((m) => inStuck.has(m));
      predsOf.set(n, list);
    }
    return list;
  };
  const state = /* @__PURE__ */ new Map();
  const cycles = [];
  for (const start2 of stuck) {
    if (state.has(start2) || cycles.length >= MAX_CYCLES) continue;
    const path = [start2];
    const next = [0];
    state.set(start2, "open");
    while (path.length) {
      const top = path[path.length - 1];
      const k = next[next.length - 1];
      if (k < preds(top).length) {
        next[next.length - 1] = k + 1;
        const m = preds(top)[k];
        if (state.get(m) === "open") {
          const along = path.slice(path.lastIndexOf(m));
          const cycle = [m, ...along.slice(1).reverse()];
          const first = cycle.indexOf(Math.min(...cycle));
          cycles.push([...cycle.slice(first), ...cycle.slice(0, first)]);
        } else if (!state.has(m)) {
          state.set(m, "open");
          path.push(m);
          next.push(0);
        }
      } else {
        state.set(top, "done");
        path.pop();
        next.pop();
      }
    }
  }
  return cycles;
}
function upstreamOf(graph, node2) {
  const seen = /* @__PURE__ */ new Set();
  const todo = [...graph.needs[node2]];
  for (let n = todo.pop(); n !== void 0; n = todo.pop()) {
    if (seen.has(n)) continue;
    seen.add(n);
    todo.push(...graph.needs[n]);
  }
  return seen;
}

// src/engine/cook/children.ts
function flattenSteps(steps, formula, base) {
  const out = [];
  steps.forEach((step, i) => {
    flattenInto(out, step, { formula, path: [...base, i] }, [], void 0);
  });
  return out;
}
function flattenInto(out, step, origin, inherited, group) {
  const own2 = workStep(step, origin);
  const needs = inherited.length ? union2(inherited, own2.needs) : own2.needs;
  const children = step.children ?? [];
  if (children.length === 0 && step.type !== "parallel") {
    out.push(withGroup(needs === own2.needs ? own2 : { ...own2, needs }, group));
    return;
  }
  children.forEach((child, j) => {
    flattenInto(
      out,
      child,
      { formula: origin.formula, path: [...origin.path, "children", j] },
      needs,
      step.id
    );
  });
  const type = own2.fields.run === void 0 ? "gate" : "task";
  const join3 = {
    ...own2,
    needs: children.length ? children.map((c) => c.id) : needs,
    fields: { ...own2.fields, type },
    group: step.id
  };
  out.push(join3);
}
function withGroup(step, group) {
  return group === void 0 ? step : { ...step, group };
}

// src/engine/cook/expand.ts
function applyExpansions(steps, rules, vars, ctx) {
  let out = steps;
  for (const rule of rules) {
    const at = out.findIndex((s) => s.id === rule.target);
    if (at < 0) {
      ctx.error(
        "unknown-target",
        `compose.expand targets step "${rule.target}", but there is no such step${didYouMean(
          rule.target,
          out.map((s) => s.id)
        )}`,
        placeOf(rule.origin, "target")
      );
      continue;
    }
    const expansion = loadExpansion(rule, ctx);
    if (!expansion) continue;
    const target = out[at];
    const spliced = instantiateTemplate(expansion, {
      target: target.id,
      "target.id": target.id,
      "target.title": target.fields.title ?? target.id,
      "target.description": target.fields.description ?? ""
    });
    const { entries, exits } = entriesAndExits(spliced);
    const entryIds = new Set(entries.map((e) => e.id));
    const wired = spliced.map(
      (s) => entryIds.has(s.id) ? { ...s, needs: union2(target.needs, s.needs) } : s
    );
    const rest = redirectNeeds(
      [...out.slice(0, at), ...out.slice(at + 1)],
      target.id,
      exits.map((e) => e.id)
    ).map(
      (s) => s.fields.on_fail === target.id ? { ...s, fields: { ...s.fields, on_fail: entries[0]?.id } } : s
    );
    out = [...rest.slice(0, at), ...wired, ...rest.slice(at)];
    for (const [name, input2] of Object.entries(expansion.data.vars ?? {})) {
      if (!vars.has(name)) vars.set(name, { input: input2, origin: { formula: expansion, path: ["vars", name] } });
    }
  }
  return out;
}
function loadExpansion(rule, ctx) {
  const expansion = ctx.load(rule.with, "compose.expand", placeOf(rule.origin, "with"));
  if (!expansion) return void 0;
  const kind = inferType(expansion.data);
  if (kind !== "expansion") {
    ctx.error(
      "not-an-expansion",
      `compose.expand uses "${rule.with}", which is a ${kind} formula, not an expansion (it has no [[template]])`,
      placeOf(rule.origin, "with")
    );
    return void 0;
  }
  if (!expansion.data.template?.length) {
    ctx.error(
      "empty-formula",
      `expansion "${rule.with}" has no [[template]] steps`,
      placeOf({ formula: expansion, path: [] })
    );
    return void 0;
  }
  return expansion;
}
function instantiateTemplate(expansion, values) {
  return flattenSteps(
    (expansion.data.template ?? []).map((s) => fillStep(s, values)),
    expansion,
    ["template"]
  );
}

// src/engine/cook/convoy.ts
function convoySteps(formula) {
  const legs = (formula.data.legs ?? []).map((leg, i) => {
    const description = [leg.focus && `Focus: ${leg.focus}`, leg.description].filter(Boolean).join("\n\n");
    const { focus: _focus, ...rest } = leg;
    return workStep({ ...rest, description }, { formula, path: ["legs", i] }, leg);
  });
  const synthesis = formula.data.synthesis;
  if (!synthesis) return legs;
  const id = synthesis.id ?? "synthesis";
  const own2 = union2(synthesis.needs, synthesis.depends_on);
  const step = workStep(
    { ...synthesis, id, needs: own2.length ? own2 : legs.map((l) => l.id), depends_on: void 0 },
    { formula, path: ["synthesis"] },
    { ...synthesis, id }
  );
  return [...legs, step];
}

// src/engine/cook/extends.ts
var SETTINGS = ["execution", "squash", "max_loops", "max_retries", "phase"];
var formulaName = (formula) => formula.data.formula ?? (formula.file.split("/").pop() ?? formula.file).replace(/(\.formula)?\.(toml|json)$/, "");
function resolveFormula(formula, ctx, chain = []) {
  const name = formulaName(formula);
  const path = [...chain, name];
  const resolved = { vars: /* @__PURE__ */ new Map(), steps: [], expand: [], aspects: [], settings: {} };
  const parents = formula.data.extends === void 0 ? [] : [formula.data.extends].flat();
  parents.forEach((parentName, i) => {
    const place = placeOf({
      formula,
      path: Array.isArray(formula.data.extends) ? ["extends", i] : ["extends"]
    });
    if (path.includes(parentName)) {
      const cycle = [...path.slice(path.indexOf(parentName)), parentName].join(" -> ");
      ctx.error("extends-cycle", `formulas extend each other in a cycle: ${cycle}`, place);
      return;
    }
    const parent = ctx.load(parentName, "extends", place);
    if (!parent) return;
    const kind = inferType(parent.data);
    if (kind !== "workflow" && kind !== "convoy") {
      ctx.error(
        "bad-extends",
        `"${name}" extends "${parentName}", which is ${article(kind)} ${kind} formula: only workflows and convoys can be extended`,
        place
      );
      return;
    }
    merge2(resolved, resolveFormula(parent, ctx, path));
  });
  merge2(resolved, ownLayer(formula, inferType(formula.data)));
  return resolved;
}
function ownLayer(formula, kind) {
  const data = formula.data;
  const vars = /* @__PURE__ */ new Map();
  for (const section2 of ["vars", "inputs"]) {
    for (const [name, input2] of Object.entries(data[section2] ?? {})) {
      vars.set(name, { input: input2, origin: { formula, path: [section2, name] } });
    }
  }
  const settings = {};
  for (const key of SETTINGS) {
    if (data[key] !== void 0) Object.assign(settings, { [key]: data[key] });
  }
  return {
    vars,
    steps: stepsOf(formula, kind),
    expand: (data.compose?.expand ?? []).map((rule, i) => ({
      target: rule.target,
      with: rule.with,
      origin: { formula, path: ["compose", "expand", i] }
    })),
    aspects: (data.compose?.aspects ?? []).map((aspect, i) => ({
      name: aspect,
      origin: { formula, path: ["compose", "aspects", i] }
    })),
    settings
  };
}
function stepsOf(formula, kind) {
  const own2 = flattenSteps(formula.data.steps ?? [], formula, ["steps"]);
  switch (kind) {
    case "convoy":
      return [...own2, ...convoySteps(formula)];
    case "expansion":
      return [...own2, ...instantiateTemplate(formula, { target: "target", "target.id": "target" })];
    case "aspect":
      return [...own2, ...aspectSteps(formula)];
    default:
      return own2;
  }
}
function merge2(into, layer) {
  for (const [name, v] of layer.vars) into.vars.set(name, v);
  const position = new Map(into.steps.map((s, i) => [s.id, i]));
  const overridden = /* @__PURE__ */ new Set();
  for (const step of layer.steps) {
    const at = position.get(step.id);
    if (at !== void 0 && !overridden.has(step.id)) {
      into.steps[at] = step;
      overridden.add(step.id);
    } else {
      into.steps.push(step);
    }
  }
  into.expand.push(...layer.expand);
  into.aspects.push(...layer.aspects);
  Object.assign(into.settings, layer.settings);
}
var article = (word) => /^[aeiou]/.test(word) ? "an" : "a";

// src/engine/cook/substitute.ts
var PLACEHOLDER = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g;
function substitute(text2, vars) {
  if (!text2.includes("{{")) return text2;
  return text2.replace(
    PLACEHOLDER,
    (whole, name) => Object.hasOwn(vars, name) ? vars[name] : whole
  );
}
var RUN_PLACEHOLDER = /\{\{\s*[A-Za-z_][\w.-]*\s*\}\}/;

// src/engine/cook/overlay.ts
var OVERRIDABLE = ["title", "description", "acceptance", "run"];
function applyOverlays(steps, overlays, ctx) {
  let out = steps;
  for (const overlay of overlays) {
    const root = { formula: overlay, path: [] };
    if (!overlay.isOverlay && inferType(overlay.data) !== "overlay") {
      ctx.error(
        "not-an-overlay",
        `${overlay.file} is not an overlay: an overlay holds only [[step-overrides]]`,
        placeOf(root)
      );
      continue;
    }
    (overlay.data["step-overrides"] ?? []).forEach((override, i) => {
      const origin = { formula: overlay, path: ["step-overrides", i] };
      const at = out.findIndex((s) => s.id === override.step_id);
      if (at < 0) {
        ctx.error(
          "unknown-step",
          `overlay overrides step "${override.step_id}", but the formula has no such step${didYouMean(
            override.step_id,
            out.map((s) => s.id)
          )}`,
          placeOf(origin, "step_id")
        );
        return;
      }
      const step = out[at];
      const fields = { ...step.fields };
      for (const key of OVERRIDABLE) {
        const text2 = override[key];
        if (text2 === void 0) continue;
        const base = fields[key];
        fields[key] = override.mode === "append" && base ? `${base.replace(/\n+$/, "")}

${text2}` : text2;
      }
      if (fields.run !== void 0 && RUN_PLACEHOLDER.test(fields.run)) {
        ctx.error(
          "var-in-run",
          `overlay gives step "${step.id}" a run command containing a {{variable}}: variables reach commands only as environment variables ($MOL_VAR_<NAME>)`,
          placeOf(origin, "run")
        );
        return;
      }
      out = [...out.slice(0, at), { ...step, fields }, ...out.slice(at + 1)];
    });
  }
  return out;
}

// src/engine/condition.ts
var MAX_DEPTH = 64;
var MAX_TOKENS = 256;
var PLACEHOLDER_HERE = new RegExp(`^${PLACEHOLDER.source}`);
function evaluateCondition(expr, vars) {
  const parsed = parseCondition(substituteCondition(expr, vars));
  if (!parsed.ok) return parsed;
  return ok(truthy(evaluate(parsed.value, vars)));
}
function substituteCondition(expr, vars) {
  if (!expr.includes("{{")) return expr;
  let out = "";
  let quote;
  for (let i = 0; i < expr.length; ) {
    const c = expr[i];
    const placeholder = c === "{" ? PLACEHOLDER_HERE.exec(expr.slice(i)) : null;
    if (placeholder && Object.hasOwn(vars, placeholder[1])) {
      const value = vars[placeholder[1]];
      out += quote ? escapeQuoted(value, quote) : `'${escapeQuoted(value, "'")}'`;
      i += placeholder[0].length;
      continue;
    }
    if (quote && c === "\\") {
      out += expr.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c === "'" || c === '"') quote = quote === void 0 ? c : quote === c ? void 0 : quote;
    out += c;
    i++;
  }
  return out;
}
var escapeQuoted = (value, quote) => value.replace(/\\/g, "\\\\").replaceAll(quote, `\\${quote}`);
function conditionVars(node2) {
  switch (node2.kind) {
    case "literal":
      return [];
    case "var":
      return [node2.name];
    case "not":
      return conditionVars(node2.operand);
    default:
      return [...conditionVars(node2.left), ...conditionVars(node2.right)];
  }
}
function parseCondition(expr) {
  const tokens = tokenize(expr);
  if (!tokens.ok) return tokens;
  const list = tokens.value;
  let at = 0;
  let failure2;
  const peek = () => list[at];
  const fail4 = (message, token) => {
    failure2 ??= { message, col: token.col };
    return void 0;
  };
  const parseOr = (depth) => {
    let left = parseAnd(depth);
    while (left && peek().value === "||") {
      at++;
      const right = parseAnd(depth);
      left = right && { kind: "or", left, right };
    }
    return left;
  };
  const parseAnd = (depth) => {
    let left = parseUnary(depth);
    while (left && peek().value === "&&") {
      at++;
      const right = parseUnary(depth);
      left = right && { kind: "and", left, right };
    }
    return left;
  };
  const parseUnary = (depth) => {
    if (depth > MAX_DEPTH) return fail4(`nesting deeper than ${MAX_DEPTH} levels`, peek());
    if (peek().value === "!" && peek().kind === "op") {
      at++;
      const operand = parseUnary(depth + 1);
      return operand && { kind: "not", operand };
    }
    return parseCompare(depth);
  };
  const parseCompare = (depth) => {
    const left = parsePrimary(depth);
    const op = peek();
    if (!left || op.kind !== "op" || op.value !== "==" && op.value !== "!=") return left;
    at++;
    const right = parsePrimary(depth);
    return right && { kind: op.value === "==" ? "eq" : "ne", left, right };
  };
  const parsePrimary = (depth) => {
    const token = peek();
    if (token.kind === "text") {
      at++;
      return { kind: "literal", value: token.value };
    }
    if (token.kind === "name") {
      at++;
      if (token.value === "true" || token.value === "false") return { kind: "literal", value: token.value };
      if (/^[0-9]/.test(token.value)) return { kind: "literal", value: token.value };
      return { kind: "var", name: token.value };
    }
    if (token.value === "(") {
      at++;
      const inner = parseOr(depth + 1);
      if (!inner) return void 0;
      if (peek().value !== ")") return fail4(`expected ")" but found ${describe3(peek())}`, peek());
      at++;
      return inner;
    }
    return fail4(`expected a name, a quoted text or "(" but found ${describe3(token)}`, token);
  };
  const tree = parseOr(0);
  if (tree && peek().kind !== "end") fail4(`unexpected ${describe3(peek())}`, peek());
  if (failure2 || !tree) {
    const f = failure2 ?? { message: "empty condition", col: 1 };
    return err("bad-condition", `condition "${expr}": ${f.message} at column ${f.col}`, { col: f.col });
  }
  return ok(tree);
}
function tokenize(expr) {
  const tokens = [];
  let i = 0;
  while (i < expr.length) {
    const c = expr[i];
    const col = i + 1;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'" || c === '"') {
      let value = "";
      i++;
      while (i < expr.length && expr[i] !== c) {
        if (expr[i] === "\\" && i + 1 < expr.length) i++;
        value += expr[i];
        i++;
      }
      if (i >= expr.length) {
        return err(
          "bad-condition",
          `condition "${expr}": text opened with ${c} is never closed at column ${col}`,
          { col }
        );
      }
      i++;
      tokens.push({ kind: "text", value, col });
    } else if (c === "{" && PLACEHOLDER_HERE.test(expr.slice(i))) {
      const whole = PLACEHOLDER_HERE.exec(expr.slice(i));
      tokens.push({ kind: "name", value: whole[1], col });
      i += whole[0].length;
    } else if (/[A-Za-z0-9_]/.test(c)) {
      const name = /^[A-Za-z0-9_][A-Za-z0-9_.-]*/.exec(expr.slice(i))?.[0];
      tokens.push({ kind: "name", value: name, col });
      i += name.length;
    } else {
      const two = expr.slice(i, i + 2);
      if (two === "==" || two === "!=" || two === "&&" || two === "||") {
        tokens.push({ kind: "op", value: two, col });
        i += 2;
      } else if (c === "!" || c === "(" || c === ")") {
        tokens.push({ kind: "op", value: c, col });
        i++;
      } else {
        const hint = c === "=" ? ' (compare with "==")' : c === "&" || c === "|" ? ` (write "${c}${c}")` : "";
        return err("bad-condition", `condition "${expr}": unexpected "${c}"${hint} at column ${col}`, {
          col
        });
      }
    }
  }
  if (tokens.length > MAX_TOKENS) {
    const col = tokens[MAX_TOKENS].col;
    return err(
      "bad-condition",
      `condition is longer than ${MAX_TOKENS} words and operators at column ${col}`,
      { col }
    );
  }
  tokens.push({ kind: "end", value: "", col: expr.length + 1 });
  return ok(tokens);
}
function describe3(token) {
  if (token.kind === "end") return "the end";
  if (token.kind === "text") return `the text "${token.value}"`;
  return `"${token.value}"`;
}
function evaluate(node2, vars) {
  switch (node2.kind) {
    case "literal":
      return node2.value;
    case "var":
      return Object.hasOwn(vars, node2.name) ? vars[node2.name] : "";
    case "not":
      return !truthy(evaluate(node2.operand, vars));
    case "and":
      return truthy(evaluate(node2.left, vars)) && truthy(evaluate(node2.right, vars));
    case "or":
      return truthy(evaluate(node2.left, vars)) || truthy(evaluate(node2.right, vars));
    case "eq":
      return String(evaluate(node2.left, vars)) === String(evaluate(node2.right, vars));
    case "ne":
      return String(evaluate(node2.left, vars)) !== String(evaluate(node2.right, vars));
  }
}
function truthy(value) {
  if (typeof value === "boolean") return value;
  return value !== "" && value !== "false" && value !== "0";
}

// src/engine/cook/gates.ts
function normalizeGates(step) {
  const written = [
    ...step.gate === void 0 ? [] : Array.isArray(step.gate) ? step.gate : [step.gate],
    ...step.gates ?? []
  ];
  return written.map(normalizeGate);
}
function normalizeGate(gate) {
  switch (gate.type) {
    case "command":
      return gate.timeout === void 0 ? { type: "command", run: gate.run } : { type: "command", run: gate.run, timeout: gate.timeout };
    case "files":
      return { type: "files", paths: [...gate.paths] };
    case "checks":
    case "gh:run": {
      const names = gate.type === "checks" ? [...gate.names ?? []] : gate.id === void 0 ? [] : [gate.id];
      return gate.timeout === void 0 ? { type: "checks", names } : { type: "checks", names, timeout: gate.timeout };
    }
    case "approval":
      return { type: "approval", permission: gate.permission ?? "maintain" };
    case "human":
      return { type: "approval", permission: gate.permission ?? "write" };
    case "pr-merged":
    case "gh:pr":
      return { type: "pr-merged" };
    case "timer":
      return { type: "timer", after: gate.after };
    case "schema":
      return { type: "schema", file: gate.file, schema: gate.schema };
    case "conditional":
      return { type: "conditional", condition: gate.condition };
  }
}
var WAITING_GATES = /* @__PURE__ */ new Set(["checks", "pr-merged", "approval", "timer"]);
function isGateOnly(step, gates2) {
  if (gates2.length === 0) return false;
  if (step.run !== void 0 || step.output !== void 0 || step.acceptance !== void 0) return false;
  return gates2.every((g) => WAITING_GATES.has(g.type));
}

// src/engine/cook/proto-step.ts
function toProtoStep(step, values, defaults, ctx) {
  const f = step.fields;
  const sub = (text2) => substitute(text2, values);
  const gates2 = normalizeGates(f).map((g) => substituteGate(g, sub));
  const commandWithVar = gates2.some((g) => g.type === "command" && RUN_PLACEHOLDER.test(g.run));
  if (f.run !== void 0 && RUN_PLACEHOLDER.test(f.run) || commandWithVar) {
    ctx.error(
      "var-in-run",
      `step "${step.id}" has a {{variable}} in a run command: variables reach commands only as environment variables ($MOL_VAR_<NAME>)`,
      placeOf(step.origin, commandWithVar ? "gate" : "run")
    );
  }
  const type = f.type === "human" || f.type === "gate" || f.type === "task" ? f.type : isGateOnly(f, gates2) ? "gate" : "task";
  const out = {
    id: step.id,
    title: sub(f.title ?? step.id),
    description: sub(f.description ?? ""),
    needs: [...step.needs],
    type,
    gates: gates2,
    trigger: f.trigger ?? "all_success"
  };
  if (f.output !== void 0) out.output = sub(f.output);
  if (f.acceptance !== void 0) out.acceptance = sub(f.acceptance);
  if (f.run !== void 0) out.run = f.run;
  const maxRetries = f.max_retries ?? defaults.maxRetries;
  if (maxRetries !== void 0) out.maxRetries = maxRetries;
  if (f.on_fail !== void 0) out.onFail = f.on_fail;
  if (f.max_loops !== void 0) out.maxLoops = f.max_loops;
  if (f.timeout !== void 0) out.timeout = f.timeout;
  if (f.condition !== void 0)
    out.condition = checkCondition(step, substituteCondition(f.condition, values), defaults, ctx);
  if (f.assignee !== void 0) out.assignee = sub(f.assignee);
  if (step.group !== void 0) out.group = step.group;
  return out;
}
function substituteGate(gate, sub) {
  switch (gate.type) {
    case "files":
      return { ...gate, paths: gate.paths.map(sub) };
    case "checks":
      return { ...gate, names: gate.names.map(sub) };
    case "schema":
      return { ...gate, file: sub(gate.file), schema: sub(gate.schema) };
    case "conditional":
      return { ...gate, condition: sub(gate.condition) };
    default:
      return gate;
  }
}
function checkCondition(step, condition, defaults, ctx) {
  const parsed = parseCondition(condition);
  if (!parsed.ok) {
    ctx.error(
      "bad-condition",
      `step "${step.id}": ${parsed.error.message}`,
      placeOf(step.origin, "condition")
    );
    return condition;
  }
  for (const name of conditionVars(parsed.value)) {
    if (!defaults.declared.has(name)) {
      ctx.warn(
        "condition-unknown-var",
        `step "${step.id}": condition reads "${name}", which is not a declared variable, so it is always empty`,
        placeOf(step.origin, "condition")
      );
    }
  }
  return condition;
}

// src/engine/cook/vars.ts
function collectVars(declared, ctx) {
  const out = [];
  for (const [name, { input: input2, origin }] of declared) {
    if (typeof input2 === "string") {
      out.push([name, { default: input2, required: false }]);
      continue;
    }
    const v = { required: input2.required === true && !input2.required_unless?.length };
    if (input2.description !== void 0) v.description = input2.description;
    if (input2.default !== void 0) v.default = String(input2.default);
    if (input2.pattern !== void 0) v.pattern = input2.pattern;
    if (input2.enum !== void 0) v.enum = [...input2.enum];
    if (input2.required === true && input2.default !== void 0) {
      ctx.error(
        "var-required-with-default",
        `variable "${name}" is both required and has a default ("${v.default}"): drop \`required\` to make the default apply, or drop the default to make callers give it`,
        placeOf(origin, "required")
      );
    }
    if (v.pattern !== void 0 && compilePattern(v.pattern) === void 0) {
      ctx.error(
        "bad-pattern",
        `variable "${name}": pattern ${JSON.stringify(v.pattern)} is not a valid regular expression`,
        placeOf(origin, "pattern")
      );
    } else if (v.default !== void 0 && v.default !== "") {
      const problem = checkValue(name, v.default, v);
      if (problem) ctx.error("bad-default", `the default of ${problem.message}`, placeOf(origin, "default"));
    }
    out.push([name, v]);
  }
  return Object.fromEntries(out);
}
function cookValues(vars, given, ctx) {
  for (const problem of checkGiven(vars, given)) ctx.error(problem.code, problem.message, {});
  const out = [];
  for (const [name, v] of Object.entries(vars)) {
    const value = Object.hasOwn(given, name) ? given[name] : v.default;
    if (value !== void 0) out.push([name, value]);
  }
  return Object.fromEntries(out);
}
function bindVars(vars, given) {
  const problems = checkGiven(vars, given);
  const missing2 = Object.entries(vars).filter(
    ([name, v]) => v.required && !Object.hasOwn(given, name) && v.default === void 0
  );
  for (const [name, v] of missing2) {
    const about = v.description ? ` (${v.description})` : "";
    problems.push({
      severity: "error",
      code: "missing-var",
      message: `variable "${name}"${about} is required: give ${name}=<value>`
    });
  }
  if (missing2.length > 1) {
    const names = missing2.map(([name]) => `"${name}"`).join(", ");
    problems.unshift({
      severity: "error",
      code: "missing-var",
      message: `required variables missing: ${names}`
    });
  }
  if (problems.length) return { ok: false, error: asMolError(problems) };
  return ok(
    Object.fromEntries(
      Object.entries(vars).map(([name, v]) => [
        name,
        Object.hasOwn(given, name) ? given[name] : v.default ?? ""
      ])
    )
  );
}
function checkGiven(vars, given) {
  const problems = [];
  const declared = Object.keys(vars);
  for (const [name, value] of Object.entries(given)) {
    const v = Object.hasOwn(vars, name) ? vars[name] : void 0;
    if (!v) {
      const known = declared.length ? `; it declares ${declared.map((d) => `"${d}"`).join(", ")}` : "; it declares none";
      problems.push({
        severity: "error",
        code: "unknown-var",
        message: `variable "${name}" is not declared by this formula${didYouMean(name, declared)}${known}`
      });
      continue;
    }
    const problem = checkValue(name, value, v);
    if (problem) problems.push({ severity: "error", code: problem.code, message: problem.message });
  }
  return problems;
}
function checkValue(name, value, v) {
  if (v.enum && !v.enum.includes(value)) {
    return {
      code: "var-enum",
      message: `variable "${name}" is ${JSON.stringify(value)}, but must be one of ${v.enum.map((e) => JSON.stringify(e)).join(", ")}`
    };
  }
  const re = v.pattern === void 0 ? void 0 : compilePattern(v.pattern);
  if (re && !re.test(value)) {
    return {
      code: "var-pattern",
      message: `variable "${name}" is ${JSON.stringify(value)}, which does not match ${v.pattern}`
    };
  }
  return void 0;
}
function compilePattern(pattern) {
  try {
    return new RegExp(pattern);
  } catch {
    return void 0;
  }
}

// src/engine/cook/cook.ts
function cook(formula, options = {}) {
  const ctx = new CookContext(options.library);
  const kind = inferType(formula.data);
  if (kind === "overlay" || formula.isOverlay) {
    ctx.error(
      "overlay-alone",
      `${formula.file} is a formula overlay (step-overrides), not a formula: apply it with \`mol cook <formula> --overlay ${formula.file}\``,
      placeOf({ formula, path: [] })
    );
    return { ok: false, error: asMolError(ctx.errors) };
  }
  const resolved = resolveFormula(formula, ctx);
  let steps = applyExpansions(resolved.steps, resolved.expand, resolved.vars, ctx);
  steps = applyAspects(steps, resolved.aspects, resolved.vars, ctx);
  steps = applyOverlays(steps, options.overlays ?? [], ctx);
  const vars = collectVars(resolved.vars, ctx);
  const values = cookValues(vars, options.vars ?? {}, ctx);
  const name = formulaName(formula);
  if (steps.length === 0 && ctx.errors.length === 0) {
    const what = kind === "convoy" ? "legs" : kind === "expansion" ? "[[template]] steps" : kind === "aspect" ? "advice" : "steps";
    ctx.error(
      "empty-formula",
      `formula "${name}" has no ${what}: there is nothing to run`,
      placeOf({ formula, path: [] })
    );
  }
  const declared = new Set(Object.keys(vars));
  const protoSteps = new Map(
    steps.map((s) => [
      s,
      toProtoStep(s, values, { maxRetries: resolved.settings.max_retries, declared }, ctx)
    ])
  );
  const ordered = checkDag(steps, ctx);
  if (ctx.errors.length || !ordered) return { ok: false, error: asMolError(ctx.errors) };
  const settings = resolved.settings;
  const proto = {
    formula: name,
    description: substitute(formula.data.description ?? "", values),
    type: kind,
    execution: settings.execution ?? "local",
    vars,
    steps: ordered.map((s) => protoSteps.get(s)),
    maxLoops: settings.max_loops ?? DEFAULT_MAX_LOOPS
  };
  if (formula.data.version !== void 0) proto.version = formula.data.version;
  if (settings.squash) {
    const squash2 = { includeMetrics: settings.squash.include_metrics ?? false };
    if (settings.squash.template !== void 0) squash2.template = settings.squash.template;
    if (settings.squash.template_type !== void 0) squash2.templateType = settings.squash.template_type;
    proto.squash = squash2;
  }
  if (settings.phase !== void 0) proto.phase = settings.phase;
  return { ok: true, value: { proto, warnings: ctx.warnings, uses: ctx.uses } };
}

// src/engine/machine/serialize.ts
function formatPath(path) {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || "(the document)";
}

// src/engine/ops/proto-index.ts
var cache2 = /* @__PURE__ */ new WeakMap();
function indexProto(proto) {
  let hit = cache2.get(proto);
  if (!hit) {
    hit = buildIndex(proto);
    cache2.set(proto, hit);
  }
  return hit;
}
function buildIndex(proto) {
  const position = /* @__PURE__ */ new Map();
  proto.steps.forEach((step, i) => {
    if (!position.has(step.id)) position.set(step.id, i);
  });
  if (position.size !== proto.steps.length) {
    const dup = proto.steps.find((s, i) => position.get(s.id) !== i);
    return err("invalid-proto", `proto "${proto.formula}" has two steps with the id "${dup?.id}"`);
  }
  const needs = [];
  const dependents = proto.steps.map(() => []);
  for (const [i, step] of proto.steps.entries()) {
    const mine = [];
    for (const need of step.needs) {
      const j = position.get(need);
      if (j === void 0) {
        return err(
          "invalid-proto",
          `step "${step.id}" of proto "${proto.formula}" needs "${need}", which is not a step`
        );
      }
      mine.push(j);
      dependents[j].push(i);
    }
    needs.push(mine);
    if (step.onFail !== void 0 && !position.has(step.onFail)) {
      return err(
        "invalid-proto",
        `step "${step.id}" of proto "${proto.formula}" loops back to "${step.onFail}", which is not a step`
      );
    }
  }
  const cycle = findCycle(proto.steps, needs);
  if (cycle) return err("invalid-proto", `proto "${proto.formula}" has a cycle: ${cycle.join(" -> ")}`);
  return ok({ steps: proto.steps, position, needs, dependents });
}
function findCycle(steps, needs) {
  const waiting = needs.map((n) => n.length);
  const dependents = steps.map(() => []);
  needs.forEach((n, i) => {
    for (const j of n) dependents[j].push(i);
  });
  const queue = waiting.flatMap((w, i) => w === 0 ? [i] : []);
  let seen = 0;
  while (queue.length > 0) {
    const i = queue.pop();
    seen++;
    for (const d of dependents[i]) {
      waiting[d] = waiting[d] - 1;
      if (waiting[d] === 0) queue.push(d);
    }
  }
  if (seen === steps.length) return void 0;
  let at = waiting.findIndex((w) => w > 0);
  const path = [];
  const onPath = /* @__PURE__ */ new Map();
  while (!onPath.has(at)) {
    onPath.set(at, path.length);
    path.push(at);
    at = needs[at].find((j) => waiting[j] > 0);
  }
  const loop = path.slice(onPath.get(at));
  return [...loop, at].reverse().map((i) => steps[i].id);
}
function downstreamOf(index, from) {
  const seen = /* @__PURE__ */ new Set();
  const stack = [...from];
  while (stack.length > 0) {
    const i = stack.pop();
    for (const d of index.dependents[i]) {
      if (!seen.has(d)) {
        seen.add(d);
        stack.push(d);
      }
    }
  }
  return [...seen].sort((a, b) => a - b);
}
function upstreamOf2(index, from) {
  const seen = /* @__PURE__ */ new Set();
  const stack = [from];
  while (stack.length > 0) {
    const i = stack.pop();
    for (const n of index.needs[i]) {
      if (!seen.has(n)) {
        seen.add(n);
        stack.push(n);
      }
    }
  }
  return [...seen].sort((a, b) => a - b);
}
var matched = /* @__PURE__ */ new WeakMap();
function checkMatches(index, proto, mol) {
  if (matched.get(mol.steps) === proto) return ok(true);
  const same = mol.steps.length === index.steps.length && mol.steps.every((s, i) => s.id === index.steps[i].id);
  if (!same) {
    const ids2 = (list) => list.map((s) => s.id).join(", ");
    return err(
      "proto-mismatch",
      `molecule "${mol.id}" has steps [${ids2(mol.steps)}] but its formula "${proto.formula}" has [${ids2(index.steps)}]`
    );
  }
  matched.set(mol.steps, proto);
  return ok(true);
}
function markMatches(mol, proto) {
  matched.set(mol.steps, proto);
}

// src/engine/ops/adhoc-proto.ts
var InlineFormulaSchema = external_exports.object({
  formula: external_exports.string().min(1),
  description: external_exports.string().optional(),
  steps: external_exports.array(
    external_exports.object({
      id: external_exports.string().min(1),
      title: external_exports.string().optional(),
      description: external_exports.string().optional(),
      needs: external_exports.array(external_exports.string()).optional(),
      max_retries: external_exports.number().int().min(0).optional()
    })
  ).min(1)
});
function adhocProto(inline) {
  const parsed = InlineFormulaSchema.safeParse(inline);
  if (!parsed.success) {
    const issue2 = parsed.error.issues[0];
    return err(
      "invalid-formula",
      `ad-hoc formula: ${issue2 ? `${formatPath(issue2.path)}: ${issue2.message}` : "invalid"}`
    );
  }
  const f = parsed.data;
  const proto = {
    formula: f.formula,
    description: f.description ?? "",
    type: "workflow",
    execution: "local",
    vars: {},
    maxLoops: DEFAULT_MAX_LOOPS,
    steps: f.steps.map((s) => ({
      id: s.id,
      title: s.title ?? s.id,
      description: s.description ?? "",
      needs: s.needs ?? [],
      type: "task",
      gates: [],
      trigger: "all_success",
      ...s.max_retries === void 0 ? {} : { maxRetries: s.max_retries }
    }))
  };
  const index = indexProto(proto);
  return index.ok ? ok(proto) : index;
}

// node_modules/smol-toml/dist/error.js
function getLineColFromPtr(string4, ptr) {
  let lines = string4.slice(0, ptr).split(/\r?\n/);
  return [lines.length, lines.pop().length + 1];
}
function makeCodeBlock(string4, line, column) {
  let lines = string4.split(/\r?\n/);
  let codeblock = "";
  let numberLen = (Math.log10(line + 1) | 0) + 1;
  for (let i = line - 1; i <= line + 1; i++) {
    let l = lines[i - 1];
    if (!l)
      continue;
    codeblock += i.toString().padEnd(numberLen, " ");
    codeblock += ":  ";
    codeblock += l;
    codeblock += "\n";
    if (i === line) {
      codeblock += " ".repeat(numberLen + column + 2);
      codeblock += "^\n";
    }
  }
  return codeblock;
}
var TomlError = class _TomlError extends Error {
  line;
  column;
  codeblock;
  constructor(message, options) {
    const [line, column] = getLineColFromPtr(options.toml, options.ptr);
    const codeblock = makeCodeBlock(options.toml, line, column);
    super(`Invalid TOML document: ${message}

${codeblock}`, options);
    this.line = line;
    this.column = column;
    this.codeblock = codeblock;
  }
  /** @internal */
  static x(message, ctx, ptr) {
    throw new _TomlError(message, { toml: ctx.s, ptr: ptr ?? ctx.p });
  }
};

// node_modules/smol-toml/dist/primitive.js
function parseString(ctx) {
  let startPtr = ctx.p;
  let c = ctx.s.charCodeAt(ctx.p++);
  let first = c;
  let isLiteral = c === 39;
  let isMultiline = c === ctx.s.charCodeAt(ctx.p) && c === ctx.s.charCodeAt(ctx.p + 1);
  if (isMultiline) {
    if ((c = ctx.s.charCodeAt(ctx.p += 2)) === 10)
      ctx.p++;
    else if (c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10)
      ctx.p += 2;
  }
  let parsed = "";
  let sliceStart = ctx.p;
  let state = 0;
  for (; ctx.p < ctx.s.length; ctx.p++) {
    c = ctx.s.charCodeAt(ctx.p);
    if (isMultiline && (c === 10 || c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10)) {
      state = state && 3;
    } else if (c < 32 && c !== 9 || c === 127) {
      TomlError.x("control characters are not allowed in strings", ctx);
    } else if ((!state || state === 3) && c === first && (!isMultiline || ctx.s.charCodeAt(ctx.p + 1) === first && ctx.s.charCodeAt(ctx.p + 2) === first)) {
      if (isMultiline) {
        if (ctx.s.charCodeAt(ctx.p + 3) === first)
          ctx.p++;
        if (ctx.s.charCodeAt(ctx.p + 3) === first)
          ctx.p++;
      }
      if (!state) {
        let s = ctx.s.slice(sliceStart, ctx.p);
        parsed = parsed ? parsed + s : s;
      }
      ctx.p += isMultiline ? 3 : 1;
      return parsed;
    } else if (!state) {
      if (!isLiteral && c === 92) {
        parsed += ctx.s.slice(sliceStart, sliceStart = ctx.p);
        state = 1;
      }
    } else if (state === 1) {
      if (c === 120 || c === 117 || c === 85) {
        let errPtr = ctx.p++ - 1;
        let value = 0;
        let len = c === 120 ? 2 : c === 117 ? 4 : 8;
        for (let j = 0; j < len; j++, ctx.p++) {
          let hex3 = ctx.s.charCodeAt(ctx.p);
          let digit = (
            /* 0-9 */
            hex3 >= 48 && hex3 <= 57 ? hex3 - 48 : (
              /* A-F */
              hex3 >= 65 && hex3 <= 70 ? hex3 - 65 + 10 : (
                /* a-f */
                hex3 >= 97 && hex3 <= 102 ? hex3 - 97 + 10 : -1
              )
            )
          );
          if (digit < 0)
            TomlError.x("invalid non-hex character in unicode escape", ctx);
          value = value << 4 | digit;
        }
        if (value < 0 || value > 1114111 || value >= 55296 && value <= 57343) {
          TomlError.x("invalid unicode escape", ctx, errPtr);
        }
        parsed += String.fromCodePoint(value);
        sliceStart = ctx.p--;
        state = 0;
      } else if (isMultiline && (c === 32 || c === 9)) {
        state = 2;
      } else {
        if (c === 98)
          parsed += "\b";
        else if (c === 116)
          parsed += "	";
        else if (c === 110)
          parsed += "\n";
        else if (c === 102)
          parsed += "\f";
        else if (c === 114)
          parsed += "\r";
        else if (c === 101)
          parsed += "\x1B";
        else if (c === 34)
          parsed += '"';
        else if (c === 92)
          parsed += "\\";
        else
          TomlError.x("unrecognised escape sequence", ctx);
        sliceStart = ctx.p + 1;
        state = 0;
      }
    } else if (c !== 32 && c !== 9) {
      if (state === 2)
        TomlError.x("invalid escape: only line-ending whitespace may be escaped", ctx, sliceStart);
      state = !isLiteral && c === 92 ? 1 : 0;
      sliceStart = ctx.p;
    }
  }
  TomlError.x("unfinished string", ctx, startPtr);
}

// node_modules/smol-toml/dist/date.js
var DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})?[Tt ]?(?:(\d{2}):\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|z|[-+]\d{2}:\d{2})?$/i;
var TomlDate = class _TomlDate extends Date {
  #hasDate = false;
  #hasTime = false;
  #offset = null;
  constructor(date5, fasttype, unsafeDelim) {
    let hasDate = true;
    let hasTime = true;
    let offset = "Z";
    let c;
    if (typeof date5 === "string") {
      if (fasttype)
        prep: {
          if (fasttype < 3) {
            if (+date5.slice(11, 13) > 23) {
              date5 = "";
              break prep;
            }
            if (fasttype === 2) {
              offset = null;
              date5 += "Z";
            } else if ((c = date5.charCodeAt(date5.length - 1)) !== 90 && c !== 122) {
              offset = date5.slice(date5.length - 6);
            }
            if (unsafeDelim)
              date5 = date5.slice(0, 10) + "T" + date5.slice(11);
          } else if (fasttype === 4) {
            date5 = +date5.slice(0, 2) > 23 ? "" : `0000-01-01T${date5}Z`;
          }
          hasDate = fasttype !== 4;
          hasTime = fasttype !== 3;
        }
      else {
        let match = date5.match(DATE_TIME_RE);
        if (match) {
          if (!match[1]) {
            hasDate = false;
            date5 = `0000-01-01T${date5}`;
          }
          hasTime = !!match[2];
          hasTime && date5[10] === " " && (date5 = date5.replace(" ", "T"));
          if (match[2] && +match[2] > 23) {
            date5 = "";
          } else {
            offset = match[3] || null;
            if (!offset && hasTime)
              date5 += "Z";
          }
        } else {
          date5 = "";
        }
      }
    }
    super(date5);
    if (!isNaN(this.getTime())) {
      this.#hasDate = hasDate;
      this.#hasTime = hasTime;
      this.#offset = offset;
    }
  }
  isDateTime() {
    return this.#hasDate && this.#hasTime;
  }
  isLocal() {
    return !this.#hasDate || !this.#hasTime || !this.#offset;
  }
  isDate() {
    return this.#hasDate && !this.#hasTime;
  }
  isTime() {
    return this.#hasTime && !this.#hasDate;
  }
  isValid() {
    return this.#hasDate || this.#hasTime;
  }
  toISOString() {
    let iso = super.toISOString();
    if (this.isDate())
      return iso.slice(0, 10);
    if (this.isTime())
      return iso.slice(11, 23);
    if (this.#offset === null)
      return iso.slice(0, -1);
    if (this.#offset === "Z" || this.#offset === "z")
      return iso;
    let offset = +this.#offset.slice(1, 3) * 60 + +this.#offset.slice(4, 6);
    offset = this.#offset[0] === "-" ? offset : -offset;
    let offsetDate = new Date(this.getTime() - offset * 6e4);
    return offsetDate.toISOString().slice(0, -1) + this.#offset;
  }
  static wrapAsOffsetDateTime(jsDate, offset = "Z") {
    let date5 = new _TomlDate(jsDate);
    date5.#offset = offset;
    return date5;
  }
  static wrapAsLocalDateTime(jsDate) {
    let date5 = new _TomlDate(jsDate);
    date5.#offset = null;
    return date5;
  }
  static wrapAsLocalDate(jsDate) {
    let date5 = new _TomlDate(jsDate);
    date5.#hasTime = false;
    date5.#offset = null;
    return date5;
  }
  static wrapAsLocalTime(jsDate) {
    let date5 = new _TomlDate(jsDate);
    date5.#hasDate = false;
    date5.#offset = null;
    return date5;
  }
};

// node_modules/smol-toml/dist/extract.js
function isDigit(char, base = 10) {
  return base === 16 ? char > 47 && char < 58 || char > 64 && char < 71 || char > 96 && char < 103 : char > 47 && char < 48 + base;
}
function isEndOfValue(char, delim) {
  return char === 32 || char === 9 || char === 10 || char === 13 || // Structure end or next value delimiter
  delim && (char === delim || char === 44) || // Comment
  char === 35;
}
function extractValue(ctx, end) {
  let errPtr = ctx.p;
  let c = ctx.s.charCodeAt(ctx.p);
  if (c === 91 || c === 123) {
    ctx.d-- || TomlError.x("document contains excessively nested structures. aborting.", ctx);
    let value = c === 91 ? parseArray(ctx) : parseInlineTable(ctx);
    ctx.d++;
    return value;
  }
  if (c === 34 || c === 39) {
    return parseString(ctx);
  }
  if (c === 116) {
    if (ctx.s.charCodeAt(++ctx.p) !== 114 || ctx.s.charCodeAt(++ctx.p) !== 117 || ctx.s.charCodeAt(++ctx.p) !== 101)
      TomlError.x("invalid value", ctx, errPtr);
    return ctx.p++, true;
  }
  if (c === 102) {
    if (ctx.s.charCodeAt(++ctx.p) !== 97 || ctx.s.charCodeAt(++ctx.p) !== 108 || ctx.s.charCodeAt(++ctx.p) !== 115 || ctx.s.charCodeAt(++ctx.p) !== 101)
      TomlError.x("invalid value", ctx, errPtr);
    return ctx.p++, false;
  }
  if (c === 43 || c === 45) {
    return parseNumber(ctx, ctx.p, ctx.s.charCodeAt(++ctx.p), 44 - c, end);
  }
  if (ctx.s.charCodeAt(ctx.p + 4) === 45 && ctx.s.charCodeAt(ctx.p + 7) === 45) {
    return parseDate(ctx, c, end);
  }
  if (ctx.s.charCodeAt(ctx.p + 2) === 58) {
    return parseTime(ctx, c, end);
  }
  return parseNumber(ctx, ctx.p, c, 0, end);
}
function parseNumber(ctx, startPtr, startChr, sign, endChr) {
  let c = startChr;
  let state = 0;
  let hasUnderscores = false;
  if (c === 105) {
    if (ctx.s.charCodeAt(++ctx.p) !== 110 || ctx.s.charCodeAt(++ctx.p) !== 102)
      TomlError.x("invalid value", ctx, startPtr);
    return ctx.p++, (sign || 1) / 0;
  }
  if (c === 110) {
    if (ctx.s.charCodeAt(++ctx.p) !== 97 || ctx.s.charCodeAt(++ctx.p) !== 110)
      TomlError.x("invalid value", ctx, startPtr);
    return ctx.p++, NaN;
  }
  if (c === 48) {
    if (++ctx.p >= ctx.s.length || isEndOfValue(c = ctx.s.charCodeAt(ctx.p), endChr))
      return ctx.bi === true ? 0n : 0;
    if (!sign) {
      if (c === 120)
        return parseIntegerBaseN(ctx, startPtr, 16, endChr);
      else if (c === 98)
        return parseIntegerBaseN(ctx, startPtr, 2, endChr);
      else if (c === 111)
        return parseIntegerBaseN(ctx, startPtr, 8, endChr);
    }
    if (c === 46)
      state = 2;
    else if (c === 101 || c === 69)
      state = 4;
    else
      TomlError.x("illegal leading zero", ctx, startPtr);
  } else if (!isDigit(c))
    TomlError.x("invalid value", ctx, startPtr);
  while (++ctx.p < ctx.s.length && (c = ctx.s.charCodeAt(ctx.p), !isEndOfValue(c, endChr))) {
    if (!state)
      state = 1;
    if (c === 95) {
      if (!(state & 1))
        TomlError.x("illegal underscore", ctx);
      state += 11;
      hasUnderscores = true;
    } else if (state === 1 && c === 46)
      state = 2;
    else if ((state === 1 || state === 3) && (c === 101 || c === 69))
      state = 4;
    else if (state === 4 && (c === 43 || c === 45)) {
      state = 6;
    } else if (!isDigit(c))
      TomlError.x(`illegal character in numeric literal`, ctx);
    else if (state > 9)
      state -= 11;
    else if (!(state & 1))
      state++;
  }
  if (!state) {
    let val = (startChr - 48) * (sign || 1);
    return ctx.bi === true ? BigInt(val) : val;
  }
  if (!(state & 1))
    TomlError.x("unfinished numeric value", ctx, startPtr);
  let str = ctx.s.slice(startPtr, ctx.p);
  if (hasUnderscores)
    str = str.replaceAll("_", "");
  return state > 1 ? parseFloat(str) : parseInteger(ctx, str, 10, startPtr);
}
function parseIntegerBaseN(ctx, startPtr, base, endChr) {
  let c, underscore = 1;
  while (++ctx.p < ctx.s.length && (c = ctx.s.charCodeAt(ctx.p), !isEndOfValue(c, endChr))) {
    if (c === 95) {
      if (underscore & 1)
        TomlError.x("illegal underscore", ctx);
      underscore = 3;
    } else if (!isDigit(c, base))
      TomlError.x(`illegal character in numeric literal`, ctx);
    else if (underscore & 1)
      underscore--;
  }
  if (underscore & 1)
    TomlError.x("unfinished numeric value", ctx);
  let str = ctx.s.slice(startPtr + 2, ctx.p);
  if (underscore)
    str = str.replaceAll("_", "");
  return parseInteger(ctx, str, base, startPtr);
}
function parseInteger(ctx, str, base, startPtr) {
  if (ctx.bi !== true)
    int: {
      let val = parseInt(str, base);
      if (!Number.isSafeInteger(val)) {
        if (ctx.bi)
          break int;
        TomlError.x("integer value cannot be represented losslessly", ctx, startPtr);
      }
      return val;
    }
  return base === 10 ? BigInt(str) : BigInt((base === 2 ? "0b" : base === 8 ? "0o" : "0x") + str);
}
function parseDate(ctx, c, endChr) {
  let startPtr = ctx.p++, unsafeSeparator;
  if (!isDigit(c) || !isDigit(ctx.s.charCodeAt(ctx.p++)) || !isDigit(ctx.s.charCodeAt(ctx.p++)) || !isDigit(ctx.s.charCodeAt(ctx.p++))) {
    return parseNumber(ctx, ctx.p = startPtr, c, 0, endChr);
  }
  ctx.p += 5;
  if (!isDigit(ctx.s.charCodeAt(ctx.p++)))
    TomlError.x("invalid date-time: date part is malformed", ctx, startPtr);
  if (ctx.p >= ctx.s.length || ((c = ctx.s.charCodeAt(ctx.p)) !== 32 || (unsafeSeparator = true, !isDigit(ctx.s.charCodeAt(ctx.p + 1)))) && c !== 84 && c !== 116) {
    let t2 = ctx.s.slice(startPtr, ctx.p);
    return readDate(ctx, t2, 3, false, startPtr);
  }
  if (ctx.s.charCodeAt(ctx.p += 3) !== 58)
    TomlError.x("invalid date-time: time part is malformed", ctx, startPtr);
  if (ctx.s.charCodeAt(ctx.p += 3) === 58)
    ctx.p += 3;
  if (ctx.s.charCodeAt(ctx.p) === 46)
    while (isDigit(ctx.s.charCodeAt(++ctx.p)))
      ;
  if (c = ctx.s.charCodeAt(ctx.p)) {
    if (c === 90 || c === 122) {
      let t2 = ctx.s.slice(startPtr, ++ctx.p);
      return readDate(ctx, t2, 1, unsafeSeparator, startPtr, "[+00:00]");
    }
    if (c === 43 || c === 45) {
      let t2 = ctx.s.slice(startPtr, ctx.p += 6);
      return readDate(ctx, t2, 1, unsafeSeparator, startPtr, !ctx.ld && "[" + ctx.s.slice(ctx.p - 6, ctx.p) + "]");
    }
  }
  let t = ctx.s.slice(startPtr, ctx.p);
  return readDate(ctx, t, 2, unsafeSeparator, startPtr);
}
function parseTime(ctx, c, endChr) {
  let start2 = ctx.p;
  if (!isDigit(c) || !isDigit(ctx.s.charCodeAt(++ctx.p))) {
    return parseNumber(ctx, --ctx.p, c, 0, endChr);
  }
  if (ctx.s.charCodeAt(ctx.p += 4) === 58)
    ctx.p += 3;
  if (ctx.s.charCodeAt(ctx.p) === 46)
    while (isDigit(ctx.s.charCodeAt(++ctx.p)))
      ;
  let t = ctx.s.slice(start2, ctx.p);
  return readDate(ctx, t, 4, false, start2);
}
function readDate(ctx, str, type, unsafeDelim, errPtr, temporalSuffix) {
  if (ctx.ld) {
    let date5 = new TomlDate(str, type, unsafeDelim);
    if (!date5.isValid())
      TomlError.x("invalid date", ctx, errPtr);
    return date5;
  }
  try {
    if (temporalSuffix)
      str += temporalSuffix;
    switch (type) {
      case 1:
        return Temporal.ZonedDateTime.from(str);
      case 2:
        return Temporal.PlainDateTime.from(str);
      case 3:
        return Temporal.PlainDate.from(str);
      case 4:
        return Temporal.PlainTime.from(str);
    }
  } catch (e) {
    TomlError.x(e instanceof Error ? e.message : "" + e, ctx, errPtr);
  }
}

// node_modules/smol-toml/dist/util.js
function skipComment(ctx) {
  for (; ctx.p < ctx.s.length; ctx.p++) {
    let c = ctx.s.charCodeAt(ctx.p);
    if (c === 10)
      break;
    if (c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10) {
      ctx.p++;
      break;
    }
    if (c < 32 && c !== 9 || c === 127) {
      TomlError.x("control characters are not allowed in comments", ctx);
    }
  }
}
function skipVoid(ctx, banNewLines, banComments) {
  let c;
  while (ctx.p < ctx.s.length) {
    while (ctx.p < ctx.s.length && ((c = ctx.s.charCodeAt(ctx.p)) === 32 || c === 9 || !banNewLines && (c === 10 || c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10)))
      ctx.p++;
    if (banComments || c !== 35)
      break;
    skipComment(ctx);
  }
}

// node_modules/smol-toml/dist/struct.js
function parseKey(ctx, end = 61) {
  let startPtr;
  let state = 0;
  let parsed = [];
  let sliceStart;
  let c = ctx.s.charCodeAt(startPtr = ctx.p);
  do {
    if (c === end) {
      if (!state)
        TomlError.x("unexpected end of key", ctx);
      if (state === 1)
        parsed.push(ctx.s.slice(sliceStart, ctx.p));
      return ctx.p++, parsed;
    } else if (c === 46) {
      if (!state)
        TomlError.x("illegal empty bare key", ctx);
      if (state === 1)
        parsed.push(ctx.s.slice(sliceStart, ctx.p));
      state = 0;
    } else if (!state && (c === 34 || c === 39)) {
      if (c === ctx.s.charCodeAt(ctx.p + 1) && c === ctx.s.charCodeAt(ctx.p + 2))
        TomlError.x("illegal quoted key: multiline strings are not allowed", ctx);
      parsed.push(parseString(ctx));
      state = 2;
      ctx.p--;
    } else if (c === 32 || c === 9) {
      if (state === 1) {
        parsed.push(ctx.s.slice(sliceStart, ctx.p));
        state = 2;
      }
    } else if (state === 2 || c < 48 && c !== 45 || c > 57 && c < 65 || c > 90 && c < 97 && c !== 95 || c > 122) {
      TomlError.x("illegal character in key", ctx);
    } else if (!state) {
      state = 1;
      sliceStart = ctx.p;
    }
  } while (c = ctx.s.charCodeAt(++ctx.p));
  TomlError.x("incomplete key-value: cannot find end of key", ctx, startPtr);
}
function parseInlineTable(ctx) {
  let startPtr = ctx.p++;
  let res = /* @__PURE__ */ Object.create(null);
  let seen = /* @__PURE__ */ new Set();
  let c;
  while (ctx.p < ctx.s.length) {
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p)) === 125) {
      ctx.p++;
      return res;
    }
    let k;
    let t = res;
    let hasOwn = false;
    let errPtr = ctx.p;
    let key = parseKey(ctx);
    for (let i = 0; i < key.length; i++) {
      if (i)
        t = hasOwn ? t[k] : t[k] = /* @__PURE__ */ Object.create(null);
      k = key[i];
      if ((hasOwn = Object.hasOwn(t, k)) && (typeof t[k] !== "object" || seen.has(t[k]))) {
        TomlError.x("trying to redefine an already defined value", ctx, errPtr);
      }
      let unsafe = k === "__proto__";
      if (ctx.uk && (unsafe || k === "constructor")) {
        t = ctx.uk !== 1 && TomlError.x("document contains an unsafe property", ctx, errPtr);
        break;
      }
      if (!hasOwn && unsafe) {
        Object.defineProperty(t, k, { enumerable: true, configurable: true, writable: true });
      }
    }
    if (hasOwn) {
      TomlError.x("trying to redefine an already defined value", ctx, errPtr);
    }
    skipVoid(ctx, true, true);
    let value = extractValue(
      ctx,
      125
      /* } */
    );
    if (t && typeof (t[k] = value) === "object")
      seen.add(value);
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p++)) === 125) {
      return res;
    }
    if (c !== 44)
      TomlError.x("expected comma or end of structure", ctx, ctx.p - 1);
  }
  TomlError.x("unfinished table", ctx, startPtr);
}
function parseArray(ctx) {
  let startPtr = ctx.p++;
  let res = [];
  let c;
  while (ctx.p < ctx.s.length) {
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p)) === 93) {
      ctx.p++;
      return res;
    }
    res.push(extractValue(
      ctx,
      93
      /* ] */
    ));
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p++)) === 93) {
      return res;
    }
    if (c !== 44)
      TomlError.x("expected comma or end of structure", ctx, ctx.p - 1);
  }
  TomlError.x("unfinished array", ctx, startPtr);
}

// node_modules/smol-toml/dist/parse.js
function peekTable(ctx, key, table, meta3, type) {
  let t = table;
  let m = meta3;
  let k;
  let hasOwn = false;
  let state;
  for (let i = 0; i < key.length; i++) {
    if (i) {
      t = hasOwn ? t[k] : t[k] = /* @__PURE__ */ Object.create(null);
      m = (state = m[k]).c;
      if (type === 0 && (state.t === 1 || state.t === 2)) {
        return null;
      }
      if (state.t === 2) {
        let l = t.length - 1;
        t = t[l];
        m = m[l].c;
      }
    }
    k = key[i];
    if ((hasOwn = Object.hasOwn(t, k)) && m[k]?.t === 0 && m[k]?.d) {
      return null;
    }
    if (!hasOwn) {
      let unsafe = k === "__proto__";
      if (ctx.uk && (unsafe || k === "constructor"))
        return false;
      if (unsafe) {
        Object.defineProperty(t, k, { enumerable: true, configurable: true, writable: true });
        Object.defineProperty(m, k, { enumerable: true, configurable: true, writable: true });
      }
      m[k] = {
        t: i < key.length - 1 && type === 2 ? 3 : type,
        d: false,
        i: 0,
        c: /* @__PURE__ */ Object.create(null)
      };
    }
  }
  state = m[k];
  if (state.t !== type && !(type === 1 && state.t === 3)) {
    return null;
  }
  if (type === 2) {
    if (!state.d) {
      state.d = true;
      t[k] = [];
    }
    t[k].push(t = /* @__PURE__ */ Object.create(null));
    state.c[state.i++] = state = { t: 1, d: false, i: 0, c: /* @__PURE__ */ Object.create(null) };
  }
  if (state.d) {
    return null;
  }
  state.d = true;
  if (type === 1) {
    t = hasOwn ? t[k] : t[k] = /* @__PURE__ */ Object.create(null);
  } else if (type === 0 && hasOwn) {
    return null;
  }
  return [k, t, state.c];
}
function validateTablePeek(ctx, peek, ptr) {
  if (peek === null || ctx.uk === 2)
    TomlError.x(peek === null ? "trying to redefine an already defined table or value" : "document contains an unsafe property", ctx, ptr);
}
function parse3(toml, options = {}) {
  let ctx = {
    s: toml,
    p: 0,
    d: options.maxDepth ?? 1e3,
    bi: options.integersAsBigInt ?? false,
    ld: options.useLegacyDate ?? true,
    uk: options.unsafeKeyBehaviour === "throw" ? 2 : options.unsafeKeyBehaviour === "drop" ? 1 : 0
  };
  let res = /* @__PURE__ */ Object.create(null);
  let meta3 = /* @__PURE__ */ Object.create(null);
  let tmp;
  let skipping = false;
  let tbl = res;
  let m = meta3;
  if (toml.charCodeAt(0) === 65279)
    ctx.p++;
  skipVoid(ctx);
  while (ctx.p < toml.length) {
    if (toml.charCodeAt(ctx.p) === 91) {
      let isTableArray = toml.charCodeAt(++ctx.p) === 91;
      tmp = ctx.p += +isTableArray;
      skipping = false;
      let k = parseKey(
        ctx,
        93
        /* ] */
      );
      if (isTableArray) {
        if (toml.charCodeAt(ctx.p) !== 93) {
          TomlError.x("expected end of table array declaration", ctx);
        }
        ctx.p++;
      }
      let p = peekTable(
        ctx,
        k,
        res,
        meta3,
        isTableArray ? 2 : 1
        /* Type.EXPLICIT */
      );
      if (!p) {
        validateTablePeek(ctx, p, tmp);
        skipping = true;
      } else {
        m = p[2];
        tbl = p[1];
      }
    } else {
      tmp = ctx.p;
      let k = parseKey(ctx);
      let p = peekTable(
        ctx,
        k,
        tbl,
        m,
        0
        /* Type.DOTTED */
      );
      if (!p && !skipping)
        validateTablePeek(ctx, p, tmp);
      skipVoid(ctx, true, true);
      let v = extractValue(ctx, void 0);
      if (p && !skipping)
        p[1][p[0]] = v;
    }
    skipVoid(ctx, true);
    if (ctx.p < toml.length && (tmp = toml.charCodeAt(ctx.p)) !== 10 && (tmp !== 13 || toml.charCodeAt(ctx.p + 1) !== 10)) {
      TomlError.x("each key-value declaration must be followed by an end-of-line", ctx);
    }
    skipVoid(ctx);
  }
  return res;
}

// node_modules/smol-toml/dist/stringify.js
var HAS_WELLFORMED = !!"".isWellFormed;

// src/engine/parse-json-syntax.ts
var NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
var LITERAL = /true|false|null/y;
var ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;
function findJsonSyntaxError(text2) {
  const stack = [];
  let expect = "value";
  let i = 0;
  const afterValue = () => stack.length === 0 ? "end" : "comma-or-end";
  for (; ; ) {
    while (i < text2.length && " 	\n\r".includes(text2[i])) i++;
    const c = text2[i];
    if (c === void 0) {
      return expect === "end" ? void 0 : { offset: text2.length, reason: "the JSON ends too early" };
    }
    switch (expect) {
      case "end":
        return { offset: i, reason: "unexpected text after the end of the JSON value" };
      case "colon":
        if (c !== ":") return { offset: i, reason: 'expected ":" after the property name' };
        i++;
        expect = "value";
        break;
      case "comma-or-end": {
        const close = stack[stack.length - 1] === "{" ? "}" : "]";
        if (c === ",") {
          i++;
          expect = close === "}" ? "key" : "value";
        } else if (c === close) {
          i++;
          stack.pop();
          expect = afterValue();
        } else return { offset: i, reason: `expected "," or "${close}"` };
        break;
      }
      case "key":
      case "key-or-end":
        if (c === "}" && expect === "key-or-end") {
          i++;
          stack.pop();
          expect = afterValue();
        } else if (c === '"') {
          const end = stringEnd(text2, i);
          if (typeof end !== "number") return end;
          i = end;
          expect = "colon";
        } else {
          const trailing = c === "}" && afterComma(text2, i) ? ' (remove the comma before "}")' : "";
          return { offset: i, reason: `expected a property name in double quotes${trailing}` };
        }
        break;
      case "value":
      case "value-or-end":
        if (c === "]" && expect === "value-or-end") {
          i++;
          stack.pop();
          expect = afterValue();
        } else if (c === "{" || c === "[") {
          stack.push(c);
          i++;
          expect = c === "{" ? "key-or-end" : "value-or-end";
        } else if (c === '"') {
          const end = stringEnd(text2, i);
          if (typeof end !== "number") return end;
          i = end;
          expect = afterValue();
        } else {
          const end = matchAt(NUMBER, text2, i) ?? matchAt(LITERAL, text2, i);
          if (end === void 0) {
            const trailing = c === "]" && afterComma(text2, i) ? ' (remove the comma before "]")' : "";
            return {
              offset: i,
              reason: `unexpected ${JSON.stringify(c)} where a value should be${trailing}`
            };
          }
          i = end;
          expect = afterValue();
        }
        break;
    }
  }
}
function stringEnd(text2, start2) {
  let i = start2 + 1;
  while (i < text2.length) {
    const c = text2.charCodeAt(i);
    if (c === 34) return i + 1;
    if (c < 32) return { offset: i, reason: "a control character (such as a raw newline) inside a string" };
    if (c === 92) {
      const end = matchAt(ESCAPE, text2, i);
      if (end === void 0) return { offset: i, reason: "an invalid escape sequence in a string" };
      i = end;
    } else i++;
  }
  return { offset: start2, reason: 'a string that never ends (no closing ")' };
}
function matchAt(pattern, text2, at) {
  pattern.lastIndex = at;
  return pattern.test(text2) ? pattern.lastIndex : void 0;
}
function afterComma(text2, at) {
  let i = at - 1;
  while (i >= 0 && " 	\n\r".includes(text2[i])) i--;
  return text2[i] === ",";
}

// src/engine/parse-key-positions.ts
var START = { line: 1, col: 1 };
function keyOf(path) {
  let key = "";
  for (const segment of path)
    key += typeof segment === "number" ? `${segment},` : `${JSON.stringify(String(segment))},`;
  return key;
}
var KeyPositions = class {
  byPath = /* @__PURE__ */ new Map();
  set(path, position) {
    this.byPath.set(keyOf(path), position);
  }
  /** The first place wins: a dotted header `[vars.x]` must not move where `vars` was first written. */
  setIfAbsent(path, position) {
    const key = keyOf(path);
    if (!this.byPath.has(key)) this.byPath.set(key, position);
  }
  get(path) {
    return this.byPath.get(keyOf(path));
  }
  /** The place of `path`, else of its nearest recorded ancestor, else the start of the file. */
  nearest(path) {
    for (let length = path.length; length > 0; length--) {
      const found = this.byPath.get(keyOf(path.slice(0, length)));
      if (found) return found;
    }
    return START;
  }
  get size() {
    return this.byPath.size;
  }
};
function offsetLocator(text2) {
  const lineStarts = [0];
  for (let i = text2.indexOf("\n"); i !== -1; i = text2.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  return (offset) => {
    const at = Math.max(0, Math.min(offset, text2.length));
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = low + high + 1 >> 1;
      if (lineStarts[mid] <= at) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, col: at - lineStarts[low] + 1 };
  };
}

// src/engine/parse-document.ts
function readDocument(text2, format) {
  return format === "json" ? readJson(text2) : readToml(text2);
}
function withoutBom(text2) {
  return text2.charCodeAt(0) === 65279 ? text2.slice(1) : text2;
}
function readToml(text2) {
  try {
    return { ok: true, value: parse3(text2) };
  } catch (error2) {
    if (error2 instanceof TomlError) {
      const reason = error2.message.replace(/^Invalid TOML document: /, "").split("\n\n")[0]?.trim();
      const plain = endsLine(text2, error2.line, error2.column) && /control characters/.test(reason ?? "") ? 'a string is not closed before the end of its line (use """ for text over several lines)' : reason || "unreadable";
      return syntax("toml-syntax", `this file is not valid TOML: ${plain}`, error2.line, error2.column);
    }
    return syntax("toml-syntax", `this file could not be read as TOML: ${reasonOf(error2)}`, 1, 1);
  }
}
function readJson(text2) {
  try {
    return { ok: true, value: JSON.parse(text2) };
  } catch (error2) {
    const found = findJsonSyntaxError(text2);
    if (found) {
      const { line, col } = offsetLocator(text2)(found.offset);
      return syntax("json-syntax", `this file is not valid JSON: ${found.reason}`, line, col);
    }
    return syntax("json-syntax", `this file is not valid JSON: ${reasonOf(error2)}`, 1, 1);
  }
}
function endsLine(text2, line, col) {
  const row = text2.split("\n")[line - 1] ?? "";
  const c = row[col - 1];
  return c === void 0 || c === "\r";
}
function syntax(code, message, line, col) {
  return { ok: false, error: { code, message, line, col } };
}
function reasonOf(error2) {
  return error2 instanceof Error ? error2.message : String(error2);
}

// src/engine/parse-schema-walk.ts
function defOf(schema) {
  return schema._zod.def;
}
var WRAPPERS = /* @__PURE__ */ new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);
function unwrap(schema) {
  let current = schema;
  for (let guard = 0; guard < 32; guard++) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === "lazy" && def.getter) current = def.getter();
    else if (def.type === "pipe" && def.in) current = def.in;
    else return current;
  }
  return current;
}
function shapeOf(schema) {
  const def = defOf(unwrap(schema));
  return def.type === "object" ? def.shape : void 0;
}
function literalValues(schema) {
  const def = defOf(unwrap(schema));
  if (def.type === "literal") return def.values;
  if (def.type === "enum" && def.entries) return Object.values(def.entries);
  return void 0;
}
function matchesKind(schema, value) {
  const def = defOf(unwrap(schema));
  switch (def.type) {
    case "string":
    case "template_literal":
      return typeof value === "string";
    case "number":
    case "int":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "enum":
    case "literal":
      return (literalValues(schema) ?? []).some((literal2) => typeof literal2 === typeof value);
    case "array":
    case "tuple":
      return Array.isArray(value);
    case "object":
    case "record":
      return isTable(value);
    case "union":
      return (def.options ?? []).some((option) => matchesKind(option, value));
    case "unknown":
    case "any":
      return true;
    default:
      return false;
  }
}
function unionOption(schema, value) {
  const def = defOf(unwrap(schema));
  if (def.type !== "union") return void 0;
  const options = def.options ?? [];
  const discriminator = def.discriminator;
  if (discriminator !== void 0) {
    if (!isTable(value)) return void 0;
    const tag = value[discriminator];
    return options.find((option) => {
      const field = shapeOf(option)?.[discriminator];
      return field !== void 0 && (literalValues(field) ?? []).includes(tag);
    });
  }
  return options.find((option) => matchesKind(option, value));
}
function taggedUnion(schema, value, discriminator) {
  let current = unwrap(schema);
  for (let guard = 0; guard < 32; guard++) {
    const def = defOf(current);
    if (def.type !== "union") return void 0;
    if (def.discriminator === discriminator) return current;
    const option = (def.options ?? []).find((candidate) => matchesKind(candidate, value));
    if (!option) return void 0;
    current = unwrap(option);
  }
  return void 0;
}
function resolveFor(schema, value) {
  let current = unwrap(schema);
  for (let guard = 0; guard < 32 && current; guard++) {
    if (defOf(current).type !== "union") return current;
    const option = unionOption(current, value);
    current = option && unwrap(option);
  }
  return current;
}
function childSchema(schema, key, parent) {
  const resolved = resolveFor(schema, parent);
  if (!resolved) return void 0;
  const def = defOf(resolved);
  if (def.type === "object") {
    return typeof key === "string" && def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : void 0;
  }
  if (def.type === "array") return typeof key === "number" ? def.element : void 0;
  if (def.type === "record") return typeof key === "string" ? def.valueType : void 0;
  return void 0;
}
function schemaAt(root, path, data) {
  let schema = root;
  let value = data;
  for (const segment of path) {
    if (!schema) return void 0;
    schema = childSchema(schema, segment, value);
    value = value !== null && typeof value === "object" && typeof segment !== "symbol" && Object.hasOwn(value, segment) ? value[String(segment)] : void 0;
  }
  return schema;
}

// src/engine/parse-issue-sentence.ts
function explainIssues(root, data, issues, base = []) {
  return issues.flatMap((issue2) => explainIssue(root, data, issue2, base));
}
function explainIssue(root, data, issue2, base) {
  const path = [...base, ...issue2.path];
  const value = valueAt(data, path);
  switch (issue2.code) {
    case "invalid_union": {
      if (issue2.discriminator !== void 0 && issue2.errors.length === 0) {
        const listed = "options" in issue2 ? issue2.options : void 0;
        return [unknownType(root, data, issue2.discriminator, listed, path, value)];
      }
      const union3 = schemaAt(root, path, data);
      const options = union3 ? defOf(unwrap(union3)).options ?? [] : [];
      const chosen = options.findIndex((option) => matchesKind(option, value));
      const nested = issue2.errors[chosen];
      if (nested && nested.length > 0) return explainIssues(root, data, nested, path);
      return [expectation(root, data, path, value, issue2)];
    }
    case "invalid_element":
    case "invalid_key":
      return explainIssues(root, data, issue2.issues, path);
    case "invalid_type":
    case "invalid_value":
    case "invalid_format":
    case "too_small":
    case "too_big":
    case "not_multiple_of":
      return [expectation(root, data, path, value, issue2)];
    default:
      return [{ code: "invalid-value", path, message: `${where2(path)}: ${lowerFirst(issue2.message)}` }];
  }
}
function expectation(root, data, path, value, issue2) {
  const schema = schemaAt(root, path, data);
  const wanted = schema ? describe4(schema) : void 0;
  if (value === void 0 && path.length > 0) {
    const key = path[path.length - 1];
    const parent = path.slice(0, -1);
    const name = typeof key === "number" ? `item ${key}` : String(key);
    const what = wanted ? `, which must be ${wanted}` : "";
    return { code: "missing-key", path, message: `${where2(parent)} is missing ${name}${what}` };
  }
  const expected = wanted ?? lowerFirst(issue2.message);
  return { code: "invalid-value", path, message: `${where2(path)} must be ${expected}, not ${show(value)}` };
}
function unknownType(root, data, discriminator, listed, path, value) {
  const owner = path[path.length - 1] === discriminator ? path.slice(0, -1) : path;
  const tags = tagsOf(root, data, owner, discriminator);
  const allowed = (tags.length > 0 ? tags : listed ?? []).map(String).join(", ");
  const noun = nounOf(owner);
  const message = value === void 0 ? `${where2(owner)} has no ${discriminator}; expected one of ${allowed}` : `unknown ${noun}${discriminator} ${show(value)} in ${where2(owner)}; expected one of ${allowed}`;
  return { code: "unknown-type", path, message };
}
function tagsOf(root, data, owner, discriminator) {
  const schema = schemaAt(root, owner, data);
  const union3 = schema && taggedUnion(schema, valueAt(data, owner), discriminator);
  return (union3 ? defOf(union3).options ?? [] : []).flatMap((option) => {
    const field = shapeOf(option)?.[discriminator];
    return field ? literalValues(field) ?? [] : [];
  });
}
function nounOf(path) {
  for (let i = path.length - 1; i >= 0; i--) {
    const segment = path[i];
    if (typeof segment === "string") return segment === "gates" || segment === "gate" ? "gate " : "";
  }
  return "";
}
function describe4(schema) {
  const inner = unwrap(schema);
  const def = defOf(inner);
  const checks = (def.checks ?? []).map((check2) => check2._zod.def);
  switch (def.type) {
    case "string":
      return describeString(checks);
    case "number":
    case "int":
      return describeNumber(def.type === "int", checks);
    case "boolean":
      return "true or false";
    case "enum":
    case "literal":
      return oneOf((literalValues(inner) ?? []).map(String));
    case "array": {
      const kind = def.element ? defOf(unwrap(def.element)).type : "";
      if (kind === "string") return "a list of text";
      if (kind === "object" || kind === "union") return "a list of tables";
      return "a list";
    }
    case "object":
    case "record":
      return "a table";
    case "union": {
      const options = (def.options ?? []).map((option) => {
        const text2 = describe4(option);
        return text2 === "true or false" ? "true/false" : text2;
      });
      return joinOr([...new Set(options)]);
    }
    case "unknown":
    case "any":
      return "any value";
    default:
      return def.type;
  }
}
function describeString(checks) {
  for (const check2 of checks) {
    if (check2.check === "string_format" && check2.format === "regex") {
      const custom2 = customMessage(check2.error);
      if (custom2) return custom2;
    }
  }
  const nonEmpty = checks.some((check2) => check2.check === "min_length" && Number(check2.minimum) >= 1);
  return nonEmpty ? "non-empty text" : "text";
}
function describeNumber(isInt, checks) {
  const whole = isInt || checks.some((check2) => check2.check === "number_format" && /int/.test(check2.format ?? ""));
  let text2 = whole ? "a whole number" : "a number";
  for (const check2 of checks) {
    if (check2.check === "greater_than") text2 += ` ${check2.inclusive ? "\u2265" : ">"} ${String(check2.value)}`;
    if (check2.check === "less_than") text2 += ` ${check2.inclusive ? "\u2264" : "<"} ${String(check2.value)}`;
  }
  return text2;
}
function customMessage(error2) {
  try {
    const produced = typeof error2 === "function" ? error2() : error2;
    if (typeof produced === "string") return produced;
    if (isTable(produced) && typeof produced.message === "string") return produced.message;
  } catch {
  }
  return void 0;
}
function oneOf(values) {
  return values.length <= 2 ? values.join(" or ") : `one of ${values.join(", ")}`;
}
function joinOr(parts) {
  if (parts.length <= 1) return parts[0] ?? "something else";
  return `${parts.slice(0, -1).join(", ")} or ${parts[parts.length - 1]}`;
}
function where2(path) {
  return path.length === 0 ? "the formula" : formatKeyPath(path);
}
function show(value) {
  if (value === void 0) return "nothing";
  if (typeof value === "string") {
    const quoted2 = JSON.stringify(value);
    return quoted2.length > 42 ? `${quoted2.slice(0, 39)}\u2026"` : quoted2;
  }
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
    return String(value);
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (value instanceof Date) return "a date";
  return "a table";
}
function lowerFirst(text2) {
  return text2.charAt(0).toLowerCase() + text2.slice(1);
}

// src/engine/parse-json-positions.ts
var MAX_DEPTH2 = 200;
var SCALAR_END = /* @__PURE__ */ new Set([",", "]", "}", ":", " ", "	", "\n", "\r"]);
function scanJsonPositions(text2) {
  return new JsonPositionScanner(text2).scan();
}
var JsonPositionScanner = class {
  constructor(text2) {
    this.text = text2;
    this.place = offsetLocator(text2);
  }
  text;
  i = 0;
  positions = new KeyPositions();
  place;
  scan() {
    this.skipSpaces();
    if (this.i < this.text.length) this.value([], 0);
    return this.positions;
  }
  value(path, depth) {
    const c = this.text[this.i];
    if (depth >= MAX_DEPTH2 && (c === "{" || c === "[")) this.skipNested();
    else if (c === "{") this.object(path, depth + 1);
    else if (c === "[") this.array(path, depth + 1);
    else if (c === '"') this.i = this.stringEnd(this.i);
    else this.skipScalar();
  }
  object(path, depth) {
    this.i++;
    while (this.i < this.text.length) {
      this.skipSpaces();
      const c = this.text[this.i];
      if (c === "}") {
        this.i++;
        return;
      }
      if (c !== '"') {
        this.i++;
        continue;
      }
      const start2 = this.i;
      const end = this.stringEnd(start2);
      const key = decodeJsonString(this.text.slice(start2, end));
      this.i = end;
      const member = [...path, key];
      this.positions.set(member, this.place(start2));
      this.skipSpaces();
      if (this.text[this.i] !== ":") continue;
      this.i++;
      this.skipSpaces();
      if (this.i < this.text.length) this.value(member, depth);
    }
  }
  array(path, depth) {
    this.i++;
    let index = 0;
    while (this.i < this.text.length) {
      this.skipSpaces();
      const c = this.text[this.i];
      if (c === "]") {
        this.i++;
        return;
      }
      if (c === ",") {
        this.i++;
        continue;
      }
      if (c === void 0) return;
      const element = [...path, index++];
      this.positions.set(element, this.place(this.i));
      this.value(element, depth);
    }
  }
  /** Steps over one object or array without recording anything inside it. */
  skipNested() {
    let open2 = 0;
    while (this.i < this.text.length) {
      const c = this.text[this.i];
      if (c === '"') {
        this.i = this.stringEnd(this.i);
        continue;
      }
      this.i++;
      if (c === "{" || c === "[") open2++;
      else if ((c === "}" || c === "]") && --open2 === 0) return;
    }
  }
  stringEnd(start2) {
    let i = start2 + 1;
    while (i < this.text.length) {
      const c = this.text[i];
      if (c === "\\") i += 2;
      else if (c === '"') return i + 1;
      else i++;
    }
    return this.text.length;
  }
  skipScalar() {
    const start2 = this.i;
    while (this.i < this.text.length && !SCALAR_END.has(this.text[this.i])) this.i++;
    if (this.i === start2) this.i++;
  }
  skipSpaces() {
    for (; ; ) {
      const c = this.text[this.i];
      if (c === " " || c === "	" || c === "\n" || c === "\r") this.i++;
      else return;
    }
  }
};
function decodeJsonString(quoted2) {
  try {
    const decoded = JSON.parse(quoted2);
    if (typeof decoded === "string") return decoded;
  } catch {
  }
  return quoted2.slice(1, quoted2.endsWith('"') && quoted2.length > 1 ? -1 : void 0);
}

// src/engine/parse-nesting-limit.ts
var MAX_NESTING = 64;
function findTooDeep(data, limit = MAX_NESTING) {
  const pending = [{ value: data, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (value === null || typeof value !== "object" || value instanceof Date) continue;
    if (depth > limit) return pathTo(next);
    const children = Array.isArray(value) ? value.entries() : Object.entries(value);
    for (const [key, child] of children) pending.push({ value: child, depth: depth + 1, key, parent: next });
  }
  return void 0;
}
function pathTo(entry2) {
  const path = [];
  for (let at = entry2; at?.key !== void 0; at = at.parent) path.unshift(at.key);
  return path;
}

// src/engine/parse-required-default.ts
var VAR_TABLES = ["vars", "inputs"];
function findRequiredWithDefault(data) {
  if (!isTable(data)) return [];
  const problems = [];
  for (const table of VAR_TABLES) {
    const vars = data[table];
    if (!isTable(vars)) continue;
    for (const [name, spec] of Object.entries(vars)) {
      if (isTable(spec) && spec.required === true && spec.default !== void 0) {
        problems.push({
          path: [table, name],
          message: `variable ${JSON.stringify(name)} is required and has a default; a required variable cannot have a default \u2014 remove one`
        });
      }
    }
  }
  return problems;
}

// src/engine/parse-run-placeholders.ts
var PLACEHOLDER2 = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;
function varEnvName(name) {
  return `MOL_VAR_${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;
}
function findRunPlaceholders(data) {
  const problems = [];
  if (!isTable(data)) return problems;
  const check2 = (owner, path) => {
    if (!isTable(owner) || typeof owner.run !== "string") return;
    const names = [...new Set([...owner.run.matchAll(PLACEHOLDER2)].map((match) => match[1]))];
    if (names.length === 0) return;
    const runPath = [...path, "run"];
    const used = names.map((name) => `{{${name}}}`).join(", ");
    const instead = names.map((name) => `"$${varEnvName(name)}"`).join(", ");
    problems.push({
      path: runPath,
      message: `${formatKeyPath(runPath)} uses ${used}; variables reach commands only as environment variables: write ${instead} instead`
    });
  };
  const checkEach = (list, path) => {
    if (!Array.isArray(list)) return;
    for (const [index, item] of list.entries()) check2(item, [...path, index]);
  };
  const gates2 = (value, path) => {
    if (Array.isArray(value)) checkEach(value, path);
    else check2(value, path);
  };
  const steps = (list, path, depth) => {
    if (!Array.isArray(list) || depth > 64) return;
    list.forEach((step, index) => {
      const at = [...path, index];
      check2(step, at);
      if (!isTable(step)) return;
      gates2(step.gate, [...at, "gate"]);
      gates2(step.gates, [...at, "gates"]);
      steps(step.children, [...at, "children"], depth + 1);
    });
  };
  steps(data.steps, ["steps"], 0);
  steps(data.template, ["template"], 0);
  if (Array.isArray(data.advice)) {
    data.advice.forEach((advice, index) => {
      if (!isTable(advice)) return;
      steps(advice.before, ["advice", index, "before"], 0);
      steps(advice.after, ["advice", index, "after"], 0);
      if (isTable(advice.around)) {
        steps(advice.around.before, ["advice", index, "around", "before"], 0);
        steps(advice.around.after, ["advice", index, "around", "after"], 0);
      }
    });
  }
  checkEach(data.legs, ["legs"]);
  check2(data.synthesis, ["synthesis"]);
  checkEach(data["step-overrides"], ["step-overrides"]);
  return problems;
}

// src/engine/parse-toml-positions.ts
var MAX_DEPTH3 = 200;
var SCALAR_END2 = /* @__PURE__ */ new Set([",", "]", "}", "#", "\n", "\r"]);
var KEY_END = /* @__PURE__ */ new Set([" ", "	", "=", ".", "[", "]", '"', "'", "#", "\n", "\r", ",", "{", "}"]);
function scanTomlPositions(text2) {
  return new TomlPositionScanner(text2).scan();
}
var TomlPositionScanner = class {
  constructor(text2) {
    this.text = text2;
    this.place = offsetLocator(text2);
  }
  text;
  i = 0;
  positions = new KeyPositions();
  place;
  /** Elements seen so far per array of tables, keyed by its resolved path. */
  arrayLengths = /* @__PURE__ */ new Map();
  scan() {
    let table = [];
    while (this.i < this.text.length) {
      this.skipSpaces();
      const c = this.text[this.i];
      if (c === void 0) break;
      if (c === "\n" || c === "\r") this.i++;
      else if (c === "#") this.skipLine();
      else if (c === "[") {
        table = this.header() ?? table;
        this.skipLine();
      } else {
        this.keyValue(table, 0);
        this.skipLine();
      }
    }
    return this.positions;
  }
  /** `[a.b]` or `[[a.b]]`: returns the table path later keys belong to. */
  header() {
    const start2 = this.i;
    const isArray = this.text[this.i + 1] === "[";
    this.i += isArray ? 2 : 1;
    this.skipSpaces();
    const parts = this.key();
    if (!parts) return void 0;
    const resolved = [];
    parts.forEach((part, index) => {
      resolved.push(part.name);
      this.positions.setIfAbsent(resolved, this.place(part.start));
      const id = JSON.stringify(resolved);
      const last = index === parts.length - 1;
      if (last && isArray) {
        const length = this.arrayLengths.get(id) ?? 0;
        this.arrayLengths.set(id, length + 1);
        resolved.push(length);
        this.positions.setIfAbsent(resolved, this.place(start2));
      } else {
        const length = this.arrayLengths.get(id);
        if (length !== void 0) resolved.push(length - 1);
      }
    });
    return resolved;
  }
  /** `a.b = value` inside `table`; records every dotted part and the value's contents. */
  keyValue(table, depth) {
    const parts = this.key();
    if (!parts) {
      this.i++;
      return;
    }
    const path = [...table];
    for (const part of parts) {
      path.push(part.name);
      this.positions.setIfAbsent(path, this.place(part.start));
    }
    this.skipSpaces();
    if (this.text[this.i] !== "=") return;
    this.i++;
    this.skipSpaces();
    this.value(path, depth);
  }
  value(path, depth) {
    const c = this.text[this.i];
    if (c === '"' || c === "'") this.skipString();
    else if (c === "[" && depth < MAX_DEPTH3) this.inlineArray(path, depth + 1);
    else if (c === "{" && depth < MAX_DEPTH3) this.inlineTable(path, depth + 1);
    else this.skipScalar();
  }
  inlineArray(path, depth) {
    this.i++;
    let index = 0;
    while (this.i < this.text.length) {
      this.skipVoid();
      const c = this.text[this.i];
      if (c === "]") {
        this.i++;
        return;
      }
      if (c === ",") {
        this.i++;
        continue;
      }
      if (c === void 0) return;
      const element = [...path, index++];
      this.positions.setIfAbsent(element, this.place(this.i));
      this.value(element, depth);
    }
  }
  inlineTable(path, depth) {
    this.i++;
    while (this.i < this.text.length) {
      this.skipVoid();
      const c = this.text[this.i];
      if (c === "}") {
        this.i++;
        return;
      }
      if (c === ",") {
        this.i++;
        continue;
      }
      if (c === void 0) return;
      this.keyValue(path, depth);
    }
  }
  /** A dotted key of bare and quoted parts, or undefined when there is none here. */
  key() {
    const parts = [];
    for (; ; ) {
      const start2 = this.i;
      const c = this.text[this.i];
      let name;
      if (c === '"' || c === "'") {
        const end = this.stringEnd(this.i);
        const raw = this.text.slice(this.i + 1, Math.max(this.i + 1, end - 1));
        name = c === '"' ? decodeBasic(raw) : raw;
        this.i = end;
      } else {
        while (this.i < this.text.length && !KEY_END.has(this.text[this.i])) this.i++;
        if (this.i === start2) return parts.length > 0 ? parts : void 0;
        name = this.text.slice(start2, this.i);
      }
      parts.push({ name, start: start2 });
      this.skipSpaces();
      if (this.text[this.i] !== ".") return parts;
      this.i++;
      this.skipSpaces();
    }
  }
  skipString() {
    this.i = this.stringEnd(this.i);
  }
  /** The offset just past the string that opens at `start` (basic, literal, or multi-line of either). */
  stringEnd(start2) {
    const text2 = this.text;
    const quote = text2[start2];
    const triple = quote.repeat(3);
    if (text2.startsWith(triple, start2)) {
      let i2 = start2 + 3;
      while (i2 < text2.length) {
        if (quote === '"' && text2[i2] === "\\") i2 += 2;
        else if (text2.startsWith(triple, i2)) {
          i2 += 3;
          for (let extra = 0; extra < 2 && text2[i2] === quote; extra++) i2++;
          return i2;
        } else i2++;
      }
      return text2.length;
    }
    let i = start2 + 1;
    while (i < text2.length) {
      const c = text2[i];
      if (c === "\n") return i;
      if (quote === '"' && c === "\\") i += 2;
      else if (c === quote) return i + 1;
      else i++;
    }
    return text2.length;
  }
  skipScalar() {
    const start2 = this.i;
    while (this.i < this.text.length && !SCALAR_END2.has(this.text[this.i])) this.i++;
    if (this.i === start2) this.i++;
  }
  skipSpaces() {
    while (this.text[this.i] === " " || this.text[this.i] === "	") this.i++;
  }
  /** Spaces, newlines and comments: what may sit between the items of an inline array or table. */
  skipVoid() {
    for (; ; ) {
      const c = this.text[this.i];
      if (c === " " || c === "	" || c === "\n" || c === "\r") this.i++;
      else if (c === "#") this.skipLine();
      else return;
    }
  }
  /** To the start of the next line (multi-line values were consumed by `value` already). */
  skipLine() {
    const next = this.text.indexOf("\n", this.i);
    this.i = next === -1 ? this.text.length : next + 1;
  }
};
var ESCAPES = {
  b: "\b",
  t: "	",
  n: "\n",
  f: "\f",
  r: "\r",
  e: "\x1B",
  '"': '"',
  "\\": "\\"
};
function decodeBasic(raw) {
  return raw.replace(/\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|x[0-9A-Fa-f]{2}|.)/g, (whole, sequence) => {
    if (sequence.length > 1) {
      const code = Number.parseInt(sequence.slice(1), 16);
      return code <= 1114111 ? String.fromCodePoint(code) : whole;
    }
    return ESCAPES[sequence] ?? whole;
  });
}

// src/engine/unknown-keys.ts
function findUnknownKeys(schema, value, path = []) {
  const found = [];
  walk(schema, value, path, found);
  return found;
}
function walk(schema, value, path, found) {
  const resolved = resolveFor(schema, value);
  if (!resolved) return;
  const def = defOf(resolved);
  if (def.type === "object" && isTable(value)) {
    const shape = def.shape ?? {};
    for (const key of Object.keys(value)) {
      const child = Object.hasOwn(shape, key) ? shape[key] : void 0;
      if (child) walk(child, value[key], [...path, key], found);
      else found.push([...path, key]);
    }
  } else if (def.type === "array" && def.element && Array.isArray(value)) {
    const element = def.element;
    for (const [index, item] of value.entries()) walk(element, item, [...path, index], found);
  } else if (def.type === "record" && def.valueType && isTable(value)) {
    const valueType = def.valueType;
    for (const key of Object.keys(value)) walk(valueType, value[key], [...path, key], found);
  }
}

// src/engine/parse-formula.ts
function formatOfFile(file2) {
  return /\.json$/i.test(file2) ? "json" : "toml";
}
function formulaNameOfFile(file2) {
  const base = file2.split(/[\\/]/).pop() ?? "";
  return base.replace(/(\.formula)?\.(toml|json)$/i, "");
}
function parseFormula(text2, file2, format) {
  try {
    return parseUnguarded(text2, file2, format);
  } catch (error2) {
    const reason = error2 instanceof Error ? error2.message : String(error2);
    return fail(file2, [
      {
        severity: "error",
        code: "internal-error",
        message: `Molecular could not read this formula because of an internal error (${reason}); please report it`,
        file: file2,
        line: 1,
        col: 1
      }
    ]);
  }
}
function parseUnguarded(input2, file2, format) {
  const name = typeof file2 === "string" ? file2 : String(file2);
  const kind = format === "json" || format === "toml" ? format : formatOfFile(name);
  if (typeof input2 !== "string") {
    return fail(name, [
      { severity: "error", code: "not-text", message: "the formula must be text", file: name }
    ]);
  }
  const text2 = withoutBom(input2);
  const read = readDocument(text2, kind);
  if (!read.ok) return fail(name, [{ severity: "error", ...read.error, file: name }]);
  const raw = read.value;
  let positions;
  const locate = (path) => {
    positions ??= scanPositions(text2, kind);
    return { file: name, ...positions.nearest(path) };
  };
  const diagnostic = (severity, code, path, message) => ({
    severity,
    code,
    message,
    ...locate(path)
  });
  const tooDeep = findTooDeep(raw);
  if (tooDeep) {
    const message = `${formatKeyPath(tooDeep)} nests tables and lists more than ${MAX_NESTING} levels deep; a formula may not nest that deep`;
    return fail(name, [diagnostic("error", "too-deep", tooDeep, message)]);
  }
  const schema = FormulaSchema;
  const checked = FormulaSchema.safeParse(raw);
  const problems = checked.success ? [] : explainIssues(schema, raw, checked.error.issues);
  if (!checked.success && problems.length === 0) {
    const reason = checked.error.issues[0]?.message ?? "it does not match the formula schema";
    problems.push({ code: "invalid-value", path: [], message: `the formula is not valid: ${reason}` });
  }
  const errors = [
    ...problems.map((problem) => diagnostic("error", problem.code, problem.path, problem.message)),
    ...findRequiredWithDefault(raw).map(
      (p) => diagnostic("error", "var-required-with-default", p.path, p.message)
    ),
    ...findRunPlaceholders(raw).map((p) => diagnostic("error", "var-in-run", p.path, p.message))
  ];
  const warnings = findUnknownKeys(schema, raw).map((path) => {
    const key = String(path[path.length - 1]);
    const owner = path.length === 1 ? "at the top level" : `in ${where2(path.slice(0, -1))}`;
    return diagnostic(
      "warning",
      "unknown-key",
      path,
      `unknown key ${JSON.stringify(key)} ${owner} (ignored)`
    );
  });
  if (errors.length > 0 || !checked.success) return fail(name, [...byPlace(errors), ...byPlace(warnings)]);
  const data = checked.data;
  const isOverlay = isTable(raw) && Object.keys(raw).length === 1 && Object.hasOwn(raw, "step-overrides");
  if (data.formula === void 0) {
    const fromFile = formulaNameOfFile(name);
    if (fromFile !== "") data.formula = fromFile;
  }
  return {
    ok: true,
    value: { file: name, format: kind, data, warnings: byPlace(warnings), isOverlay, locate }
  };
}
function scanPositions(text2, kind) {
  try {
    return kind === "json" ? scanJsonPositions(text2) : scanTomlPositions(text2);
  } catch {
    return new KeyPositions();
  }
}
function fail(file2, diagnostics) {
  const first = diagnostics.find((d) => d.severity === "error") ?? diagnostics[0];
  const error2 = {
    code: first?.code ?? "invalid-formula",
    message: first?.message ?? "the formula is not valid",
    file: file2,
    diagnostics
  };
  if (first?.line !== void 0) error2.line = first.line;
  if (first?.col !== void 0) error2.col = first.col;
  return { ok: false, error: error2 };
}
function byPlace(diagnostics) {
  return [...diagnostics].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0));
}

// src/github/formula-source.ts
var DEFAULT_FORMULAS_PATH = ".github/formulas";
var FORMULA_SUFFIXES = [".formula.toml", ".formula.json"];
var NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
function checkFormulaName(name) {
  if (!NAME.test(name) || name.includes("..")) {
    return err(
      "invalid-formula-name",
      `"${name}" is not a formula name: use letters, digits, ".", "_" and "-"`
    );
  }
  return ok(name);
}
var defaultBranches = /* @__PURE__ */ new Map();
async function defaultBranchOf(octokit, repo) {
  const key = repoSlug(repo).toLowerCase();
  const known = defaultBranches.get(key);
  if (known) return known;
  const { data } = await octokit.request("GET /repos/{owner}/{repo}", { ...repo });
  defaultBranches.set(key, data.default_branch);
  return data.default_branch;
}
async function listFormulas(octokit, repo, where3) {
  const dir = where3.formulasPath ?? DEFAULT_FORMULAS_PATH;
  let data;
  try {
    ({ data } = await octokit.request("GET /repos/{owner}/{repo}/contents/{path}", {
      ...repo,
      path: dir,
      ref: where3.defaultBranch
    }));
  } catch (error2) {
    if (httpStatus(error2) === 404) return /* @__PURE__ */ new Map();
    throw error2;
  }
  const entries = /* @__PURE__ */ new Map();
  if (!Array.isArray(data)) return entries;
  for (const suffix of [...FORMULA_SUFFIXES].reverse()) {
    for (const item of data) {
      if (item.type !== "file" || !item.name.endsWith(suffix)) continue;
      const name = item.name.slice(0, -suffix.length);
      entries.set(name, {
        name,
        path: item.path,
        sha: item.sha,
        format: suffix.endsWith("json") ? "json" : "toml"
      });
    }
  }
  return entries;
}

// src/github/formula-library.ts
var GitHubFormulaLibrary = class {
  constructor(entries) {
    this.entries = entries;
  }
  entries;
  /** Referenced formulas that exist but could not be parsed (cook then reports them unknown). */
  problems = [];
  get(name) {
    return this.entries.get(name)?.parsed;
  }
  pinOf(name) {
    return this.entries.get(name)?.pin;
  }
  /** The `pins` of a FormulaRef: every formula but the root, by name. */
  pins(root) {
    const pins = {};
    for (const [name, { pin }] of this.entries) {
      if (name !== root && (typeof pin === "string" || "blobSha" in pin)) pins[name] = pin;
    }
    return pins;
  }
  names() {
    return [...this.entries.keys()].sort();
  }
};
function referencedFormulas(formula) {
  const data = formula.data;
  const parents = data.extends === void 0 ? [] : [data.extends].flat();
  const expansions = (data.compose?.expand ?? []).map((rule) => rule.with);
  return [.../* @__PURE__ */ new Set([...parents, ...expansions, ...data.compose?.aspects ?? []])];
}
var MAX_FORMULAS = 64;
async function loadFormulaLibrary(octokit, repo, name, options) {
  const checked = checkFormulaName(name);
  if (!checked.ok) return checked;
  const listed = await listFormulas(octokit, repo, options);
  const fetchOne = async (wanted) => {
    const entry2 = listed.get(wanted);
    if (entry2) {
      const text2 = await loadBlob(octokit, repo, entry2.sha);
      if (!text2.ok) return text2;
      const parsed = parseFormula(text2.value, entry2.path, entry2.format);
      return parsed.ok ? ok({ parsed: parsed.value, pin: { path: entry2.path, blobSha: entry2.sha } }) : parsed;
    }
    return fromBuiltin(wanted, options.builtin);
  };
  const root = await fetchOne(name);
  if (root === void 0) {
    const known = [.../* @__PURE__ */ new Set([...listed.keys()])].sort();
    return err(
      "unknown-formula",
      `there is no formula "${name}" in ${options.formulasPath ?? ".github/formulas"} on ${options.defaultBranch} or among the built-ins${known.length ? `; the repository has: ${known.join(", ")}` : ""}`
    );
  }
  if (!root.ok) return root;
  const library = await gather(name, root.value, fetchOne);
  return ok({ root: root.value.parsed, ref: refOf(name, library), library });
}
async function loadPinnedFormula(octokit, repo, formula, builtin) {
  const byPin = async (wanted, pin) => {
    if (typeof pin === "string") {
      const found = fromBuiltin(wanted, builtin);
      if (!found)
        return err(
          "unknown-formula",
          `the built-in formula "${wanted}" pinned as ${pin} is not in this Molecular`
        );
      return found;
    }
    if ("inline" in pin) {
      const parsed2 = parseFormula(JSON.stringify(pin.inline), `${wanted} (inline)`, "json");
      return parsed2.ok ? ok({ parsed: parsed2.value, pin }) : parsed2;
    }
    const text2 = await loadBlob(octokit, repo, pin.blobSha);
    if (!text2.ok) return text2;
    const parsed = parseFormula(text2.value, pin.path);
    return parsed.ok ? ok({ parsed: parsed.value, pin }) : parsed;
  };
  const root = await byPin(formula.name, formula.source);
  if (!root.ok) return root;
  const entries = /* @__PURE__ */ new Map([[formula.name, root.value]]);
  for (const [name, pin] of Object.entries(formula.pins ?? {})) {
    const entry2 = await byPin(name, pin);
    if (!entry2.ok) return entry2;
    entries.set(name, entry2.value);
  }
  return ok({ root: root.value.parsed, ref: formula, library: new GitHubFormulaLibrary(entries) });
}
function fromBuiltin(name, builtin) {
  const found = builtin?.(name);
  if (!found) return void 0;
  const parsed = parseFormula(found.text, found.file);
  return parsed.ok ? ok({ parsed: parsed.value, pin: `builtin@${found.version}` }) : parsed;
}
async function gather(rootName, root, fetchOne) {
  const entries = /* @__PURE__ */ new Map([[rootName, root]]);
  const problems = [];
  const queue = referencedFormulas(root.parsed);
  while (queue.length > 0 && entries.size < MAX_FORMULAS) {
    const next = queue.shift();
    if (entries.has(next) || !checkFormulaName(next).ok) continue;
    const entry2 = await fetchOne(next);
    if (entry2 === void 0) continue;
    if (!entry2.ok) {
      problems.push(entry2.error);
      continue;
    }
    entries.set(next, entry2.value);
    queue.push(...referencedFormulas(entry2.value.parsed));
  }
  const library = new GitHubFormulaLibrary(entries);
  library.problems.push(...problems);
  return library;
}
function refOf(name, library) {
  const pins = library.pins(name);
  return {
    name,
    source: library.pinOf(name),
    ...Object.keys(pins).length > 0 ? { pins } : {}
  };
}

// src/handlers/bounded-cache.ts
var BoundedCache = class {
  constructor(max) {
    this.max = max;
  }
  max;
  entries = /* @__PURE__ */ new Map();
  get(key) {
    const value = this.entries.get(key);
    if (value !== void 0) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key, value) {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }
  delete(key) {
    this.entries.delete(key);
  }
  clear() {
    this.entries.clear();
  }
  get size() {
    return this.entries.size;
  }
};

// src/handlers/builtin-formulas.ts
import { readdirSync, readFileSync } from "node:fs";
import { join as join2 } from "node:path";

// src/formulas/builtin-dir.ts
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
function builtinFormulaDir(from = import.meta.url) {
  let dir = dirname(fileURLToPath(from));
  for (; ; ) {
    const candidate = join(dir, "formulas");
    if (existsSync(join(candidate, "hello.formula.toml"))) return candidate;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error("the built-in formulas folder was not found beside the Molecular package");
    dir = parent;
  }
}

// src/handlers/builtin-formulas.ts
var cache3 = /* @__PURE__ */ new Map();
var packageBuiltins = (name) => {
  if (cache3.has(name)) return cache3.get(name);
  let found;
  if (checkFormulaName(name).ok) {
    const file2 = join2(builtinFormulaDir(), `${name}.formula.toml`);
    try {
      const text2 = readFileSync(file2, "utf8");
      found = { text: text2, file: `formulas/${name}.formula.toml`, version: versionOf(text2) };
    } catch {
      found = void 0;
    }
  }
  cache3.set(name, found);
  return found;
};
function versionOf(text2) {
  const match = /^version\s*=\s*"?([\w.-]+)"?\s*$/m.exec(text2);
  return match?.[1] ?? "1";
}
function builtinNames() {
  try {
    return readdirSync(builtinFormulaDir()).filter((f) => f.endsWith(".formula.toml")).map((f) => f.slice(0, -".formula.toml".length)).sort();
  } catch {
    return [];
  }
}

// src/handlers/load-proto.ts
var protos = new BoundedCache(256);
var keyOf2 = (ctx, mol) => JSON.stringify([repoSlug(ctx.repo).toLowerCase(), mol.formula, mol.vars]);
function rememberProto(ctx, mol, proto) {
  protos.set(keyOf2(ctx, mol), proto);
}
function cachedProto(ctx, mol) {
  const cached2 = protos.get(keyOf2(ctx, mol));
  return cached2 ? withRetries(cached2, ctx.config.default_retries) : void 0;
}
async function loadProto(ctx, mol) {
  const key = keyOf2(ctx, mol);
  const cached2 = protos.get(key);
  if (cached2) return ok(withRetries(cached2, ctx.config.default_retries));
  const cooked = await cookPinned(ctx, mol);
  if (!cooked.ok) {
    return err(
      "formula-unloadable",
      `molecule ${mol.id}: its pinned formula "${mol.formula.name}" cannot be loaded: ${cooked.error.message}`
    );
  }
  protos.set(key, cooked.value);
  return ok(withRetries(cooked.value, ctx.config.default_retries));
}
async function cookPinned(ctx, mol) {
  const { source } = mol.formula;
  if (typeof source === "object" && "inline" in source) {
    const adhoc = adhocProto(source.inline);
    if (adhoc.ok) return adhoc;
  }
  const loaded = await loadPinnedFormula(ctx.octokit, ctx.repo, mol.formula, ctx.builtin ?? packageBuiltins);
  if (!loaded.ok) return loaded;
  const overlays = [];
  for (const pin of mol.formula.overlays ?? []) {
    const text2 = await loadBlob(ctx.octokit, ctx.repo, pin.blobSha);
    if (!text2.ok) return text2;
    const parsed = parseFormula(text2.value, pin.path);
    if (!parsed.ok) return parsed;
    overlays.push(parsed.value);
  }
  const cooked = cook(loaded.value.root, { vars: mol.vars, library: loaded.value.library, overlays });
  return cooked.ok ? ok(cooked.value.proto) : cooked;
}
var withDefaults = /* @__PURE__ */ new WeakMap();
function withRetries(proto, retries) {
  if (proto.steps.every((s) => s.maxRetries !== void 0)) return proto;
  let byRetries = withDefaults.get(proto);
  if (!byRetries) {
    byRetries = /* @__PURE__ */ new Map();
    withDefaults.set(proto, byRetries);
  }
  let filled = byRetries.get(retries);
  if (!filled) {
    filled = {
      ...proto,
      steps: proto.steps.map((s) => s.maxRetries === void 0 ? { ...s, maxRetries: retries } : s)
    };
    byRetries.set(retries, filled);
  }
  return filled;
}

// src/handlers/molecule-store.ts
function openStore(ctx) {
  const ttl = parseDuration(ctx.config.lock_ttl);
  return createCommentStore({
    octokit: ctx.octokit,
    repo: ctx.repo,
    trustedWriters: ctx.identity.trusted,
    ...ctx.stateKey ? { stateKey: ctx.stateKey } : {},
    lock: ctx.lock ?? "none",
    ...ttl === void 0 ? {} : { lockTtlMs: ttl },
    lockHolder: `${ctx.identity.login} delivery ${ctx.deliveryId}`,
    protoFor: async (mol) => {
      const proto = await loadProto(ctx, mol);
      return proto.ok ? proto.value : void 0;
    },
    now: ctx.now,
    onProblem: (problem, comment) => {
      ctx.log.warn(`${problem.code}: ${problem.message}`);
      if (comment) ctx.onRejectedState?.(comment, problem);
    }
  });
}

// src/handlers/payloads.ts
var User = external_exports.object({ login: external_exports.string(), type: external_exports.string().optional() });
var Label = external_exports.object({ name: external_exports.string() });
var RepoId = external_exports.object({ id: external_exports.number(), full_name: external_exports.string() });
var LabeledIssuePayload = external_exports.object({
  action: external_exports.literal("labeled"),
  label: Label,
  issue: external_exports.object({
    number: external_exports.number().int().positive(),
    body: external_exports.string().nullable().optional(),
    labels: external_exports.array(Label).optional(),
    pull_request: external_exports.unknown().optional()
  }),
  sender: User
});
var LabeledPullPayload = external_exports.object({
  action: external_exports.literal("labeled"),
  label: Label,
  pull_request: external_exports.object({
    number: external_exports.number().int().positive(),
    body: external_exports.string().nullable().optional(),
    labels: external_exports.array(Label).optional(),
    head: external_exports.object({ ref: external_exports.string(), sha: external_exports.string(), repo: RepoId.nullable().optional() }),
    base: external_exports.object({ repo: RepoId })
  }),
  sender: User
});
var IssueCommentPayload = external_exports.object({
  action: external_exports.string(),
  comment: external_exports.object({ id: external_exports.number(), body: external_exports.string().nullable().optional(), user: User.nullable() }),
  issue: external_exports.object({
    number: external_exports.number().int().positive(),
    body: external_exports.string().nullable().optional(),
    pull_request: external_exports.object({ url: external_exports.string().optional() }).nullable().optional()
  }),
  sender: User
});
var CheckRunPayload = external_exports.object({
  action: external_exports.string(),
  check_run: external_exports.object({
    id: external_exports.number(),
    name: external_exports.string(),
    external_id: external_exports.string().nullable().optional(),
    head_sha: external_exports.string(),
    app: external_exports.object({ slug: external_exports.string().optional() }).nullable().optional()
  }),
  requested_action: external_exports.object({ identifier: external_exports.string() }).nullable().optional(),
  sender: User
});
var WorkflowRunPayload = external_exports.object({
  action: external_exports.string(),
  workflow_run: external_exports.object({
    id: external_exports.number(),
    path: external_exports.string().optional(),
    display_title: external_exports.string().optional(),
    conclusion: external_exports.string().nullable().optional(),
    status: external_exports.string().nullable().optional(),
    event: external_exports.string().optional()
  })
});
var PullClosedPayload = external_exports.object({
  action: external_exports.literal("closed"),
  pull_request: external_exports.object({ number: external_exports.number().int().positive(), merged: external_exports.boolean().nullable().optional() }),
  sender: User
});
var RepositoryDispatchPayload = external_exports.object({
  action: external_exports.string(),
  client_payload: external_exports.unknown(),
  sender: User
});
var InstalledRepo = external_exports.object({ name: external_exports.string(), full_name: external_exports.string() });
var InstallationPayload = external_exports.object({
  action: external_exports.string(),
  installation: external_exports.object({ id: external_exports.number() }),
  repositories: external_exports.array(InstalledRepo).optional(),
  repositories_added: external_exports.array(InstalledRepo).optional()
});
function isBot(user, self) {
  if (!user) return true;
  const login = user.login.toLowerCase();
  return user.type === "Bot" || login.endsWith("[bot]") || login === self.toLowerCase();
}

// src/handlers/app-gates.ts
var APP_GATE_TYPES = /* @__PURE__ */ new Set(["timer", "checks", "pr-merged"]);
async function judgeAppGates(ctx, mol, stepId, gates2) {
  const step = mol.steps.find((s) => s.id === stepId);
  if (!step) return [];
  const results = [];
  for (const gate of gates2) {
    let result;
    if (gate.type === "timer") result = timerGate(gate.after, step.awaitingSince, ctx.now());
    else if (gate.type === "checks") result = await checksGate(ctx, gate.names, step.checkpoint?.commit);
    else if (gate.type === "pr-merged") result = await prMergedGate(ctx, mol.subject.pr);
    if (result && result.passed !== null) results.push(result);
  }
  return results;
}
function timerGate(after, since, now) {
  const wait = parseDuration(after);
  if (wait === void 0) return { type: "timer", passed: false, detail: `"${after}" is not a duration` };
  const start2 = since === void 0 ? now.getTime() : Date.parse(since);
  const due = start2 + wait;
  return now.getTime() >= due ? { type: "timer", passed: true, detail: `waited ${after}` } : { type: "timer", passed: null, detail: `waiting until ${new Date(due).toISOString()}` };
}
var PASSING = /* @__PURE__ */ new Set(["success", "neutral", "skipped"]);
async function checksGate(ctx, names, commit) {
  if (commit === void 0)
    return { type: "checks", passed: null, detail: "the step recorded no commit yet" };
  const { data } = await ctx.octokit.request("GET /repos/{owner}/{repo}/commits/{ref}/check-runs", {
    ...ctx.repo,
    ref: commit,
    filter: "latest",
    per_page: 100
  });
  const waiting = [];
  const failing = [];
  for (const name of names) {
    const run = data.check_runs.find((r) => r.name === name);
    if (run?.status !== "completed") waiting.push(name);
    else if (!PASSING.has(run.conclusion ?? "")) failing.push(`${name} (${run.conclusion})`);
  }
  if (failing.length > 0) return { type: "checks", passed: false, detail: `failed: ${failing.join(", ")}` };
  if (waiting.length > 0)
    return { type: "checks", passed: null, detail: `waiting for ${waiting.join(", ")}` };
  return { type: "checks", passed: true, detail: `passed on ${commit.slice(0, 7)}: ${names.join(", ")}` };
}
async function prMergedGate(ctx, pr) {
  if (pr === void 0)
    return { type: "pr-merged", passed: null, detail: "the molecule is not on a pull request" };
  try {
    const { data } = await ctx.octokit.request("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
      ...ctx.repo,
      pull_number: pr
    });
    if (data.merged) return { type: "pr-merged", passed: true, detail: `#${pr} was merged` };
    if (data.state === "closed")
      return { type: "pr-merged", passed: false, detail: `#${pr} was closed without merging` };
    return { type: "pr-merged", passed: null, detail: `#${pr} is open` };
  } catch (error2) {
    if (httpStatus(error2) === 404) return { type: "pr-merged", passed: false, detail: `#${pr} is gone` };
    throw error2;
  }
}

// src/engine/machine/molecule-machine.ts
var FINAL = { burn: ["burned"], evaporate: ["burned"] };
var MOLECULE_MACHINE = {
  pending: {
    start: ["in_progress"],
    complete: ["in_progress"],
    skip: ["in_progress"],
    // Patrol re-dispatching a ready step whose first dispatch was lost (nothing has started).
    nudge: ["pending"],
    resume: ["pending"],
    pause: ["paused"],
    "squash-unfinished": ["squashed"],
    "force-reset": ["pending"],
    settle: ["complete", "failed"],
    ...FINAL
  },
  in_progress: {
    start: ["in_progress"],
    complete: ["in_progress"],
    gates: ["in_progress"],
    approve: ["in_progress"],
    fail: ["in_progress"],
    timeout: ["in_progress"],
    retry: ["in_progress"],
    skip: ["in_progress"],
    nudge: ["in_progress"],
    release: ["in_progress"],
    resume: ["in_progress"],
    rollback: ["in_progress"],
    pause: ["paused"],
    "squash-unfinished": ["squashed"],
    "force-reset": ["pending"],
    settle: ["complete", "failed"],
    ...FINAL
  },
  paused: {
    complete: ["paused"],
    gates: ["paused"],
    approve: ["paused"],
    fail: ["paused"],
    timeout: ["paused"],
    retry: ["paused"],
    skip: ["paused"],
    nudge: ["paused"],
    release: ["paused"],
    rollback: ["paused"],
    unpause: ["in_progress", "pending"],
    "squash-unfinished": ["squashed"],
    "force-reset": ["pending"],
    settle: ["complete", "failed"],
    ...FINAL
  },
  complete: {
    complete: ["complete"],
    gates: ["complete"],
    approve: ["complete"],
    rollback: ["in_progress"],
    squash: ["squashed"],
    reset: ["pending"],
    "force-reset": ["pending"],
    ...FINAL
  },
  failed: {
    complete: ["failed"],
    gates: ["failed"],
    approve: ["failed"],
    retry: ["in_progress"],
    skip: ["in_progress"],
    rollback: ["in_progress"],
    squash: ["squashed"],
    reset: ["pending"],
    "force-reset": ["pending"],
    ...FINAL
  },
  squashed: {},
  burned: {}
};
var FINAL_MOLECULE_STATUSES = /* @__PURE__ */ new Set(["squashed", "burned"]);
var TERMINAL_MOLECULE_STATUSES = /* @__PURE__ */ new Set(["complete", "failed"]);
var LIVE_MOLECULE_STATUSES = /* @__PURE__ */ new Set([
  "pending",
  "in_progress",
  "paused"
]);
function statusLabel(status2) {
  if (LIVE_MOLECULE_STATUSES.has(status2)) return "molecule:active";
  if (status2 === "complete") return "molecule:complete";
  if (status2 === "failed") return "molecule:failed";
  return void 0;
}
function labelChange(from, to) {
  const before = statusLabel(from);
  const after = to === "squashed" && TERMINAL_MOLECULE_STATUSES.has(from) ? before : statusLabel(to);
  if (before === after) return void 0;
  return { add: after ? [after] : [], remove: before ? [before] : [] };
}

// src/engine/machine/refusal.ts
var INVALID_TRANSITION = "invalid-transition";
var PAST = {
  ready: "made ready",
  block: "blocked",
  unblock: "unblocked",
  "condition-error": "failed on its condition",
  start: "started",
  complete: "completed",
  gates: "given gate results",
  approve: "approved",
  fail: "failed",
  timeout: "timed out",
  "auto-retry": "retried",
  retry: "retried",
  skip: "skipped",
  nudge: "nudged",
  release: "released",
  resume: "resumed",
  loop: "looped back",
  rollback: "rolled back",
  reset: "reset",
  pause: "paused",
  unpause: "unpaused",
  squash: "squashed",
  "squash-unfinished": "squashed",
  burn: "burned",
  evaporate: "evaporated",
  "force-reset": "force-reset",
  settle: "settled"
};
function refusalSentence(subject, id, status2, event, hint) {
  const base = `${subject} "${id}" is ${status2.replace("_", " ")}; it cannot be ${PAST[event]}`;
  return hint ? `${base} (${hint})` : base;
}
function refuse(subject, id, status2, event, hint) {
  return err(INVALID_TRANSITION, refusalSentence(subject, id, status2, event, hint));
}

// src/engine/machine/table.ts
function canTransition(table, from, event) {
  return targetsOf(table, from, event).length > 0;
}
function targetsOf(table, from, event) {
  return table[from][event] ?? [];
}

// src/engine/machine/step-machine.ts
var SWEEP = { loop: ["pending"], rollback: ["pending"], reset: ["pending"] };
var GATE_OUTCOMES = ["completed", "awaiting_gate", "failed"];
var STEP_MACHINE = {
  pending: {
    ready: ["ready"],
    block: ["blocked"],
    skip: ["skipped"],
    "condition-error": ["failed"],
    ...SWEEP
  },
  ready: {
    start: ["in_progress"],
    // A person may report a step done without a recorded start (`/mol done` on a human step).
    complete: GATE_OUTCOMES,
    skip: ["skipped"],
    // Patrol re-dispatches a ready step nobody picked up (its dispatch was lost).
    nudge: ["ready"],
    ...SWEEP
  },
  in_progress: {
    // Re-start: a no-op for the lease holder, a takeover once its lease has expired.
    start: ["in_progress"],
    complete: GATE_OUTCOMES,
    fail: ["failed"],
    timeout: ["failed"],
    nudge: ["in_progress"],
    release: ["ready"],
    resume: ["ready"],
    ...SWEEP
  },
  awaiting_gate: {
    complete: GATE_OUTCOMES,
    gates: GATE_OUTCOMES,
    approve: ["completed", "awaiting_gate"],
    fail: ["failed"],
    skip: ["skipped"],
    ...SWEEP
  },
  completed: {
    // Redelivered completions and late gate results are answered with a no-op, not an error.
    complete: ["completed"],
    gates: ["completed"],
    approve: ["completed"],
    ...SWEEP
  },
  failed: {
    "auto-retry": ["ready"],
    retry: ["ready"],
    skip: ["skipped"],
    ...SWEEP
  },
  skipped: { ...SWEEP },
  blocked: {
    unblock: ["pending"],
    retry: ["pending"],
    skip: ["skipped"],
    ...SWEEP
  }
};
var TERMINAL_STEP_STATUSES = /* @__PURE__ */ new Set([
  "completed",
  "failed",
  "skipped",
  "blocked"
]);
var ACTIVE_STEP_STATUSES = /* @__PURE__ */ new Set([
  "ready",
  "in_progress",
  "awaiting_gate"
]);

// src/engine/scheduler.ts
var isFailure = (s) => s === "failed" || s === "blocked";
var isSuccess = (s) => s === "completed" || s === "skipped";
var isDone = (s) => TERMINAL_STEP_STATUSES.has(s);
function triggerVerdict(trigger, needs) {
  switch (trigger) {
    case "all_success":
      if (needs.some(isFailure)) return "block";
      return needs.every(isSuccess) ? "ready" : "wait";
    case "all_done":
      return needs.every(isDone) ? "ready" : "wait";
    case "one_failed":
      if (needs.some(isFailure)) return "ready";
      return needs.every(isDone) ? "skip" : "wait";
  }
}
function advance(d, candidates = []) {
  const queue = [...candidates];
  for (; ; ) {
    for (const i2 of d.takeChanges()) {
      queue.push(i2, ...d.index.dependents[i2]);
    }
    const i = queue.pop();
    if (i === void 0) return;
    if (d.step(i).status === "pending") decide(d, i);
  }
}
function decide(d, i) {
  const def = d.def(i);
  const needs = d.index.needs[i].map((n) => d.step(n).status);
  const verdict = triggerVerdict(def.trigger, needs);
  if (verdict === "wait") return;
  if (verdict === "block") {
    const culprit = d.index.needs[i].find((n) => isFailure(d.step(n).status));
    const how = d.step(culprit).status === "failed" ? "failed" : "is blocked";
    d.move(i, "block", "blocked", { note: `need "${d.step(culprit).id}" ${how}` });
    return;
  }
  if (verdict === "skip") {
    d.move(i, "skip", "skipped", { note: `no need failed (trigger ${def.trigger})` });
    return;
  }
  if (def.condition !== void 0) {
    const holds = evaluateCondition(def.condition, d.base.vars);
    if (!holds.ok) {
      d.move(i, "condition-error", "failed", { note: holds.error.message }, { error: holds.error.message });
      return;
    }
    if (!holds.value) {
      d.move(i, "skip", "skipped", { note: `condition "${def.condition}" is false` });
      return;
    }
  }
  d.move(i, "ready", "ready");
}
function settle2(d) {
  if (d.status !== "pending" && d.status !== "in_progress" && d.status !== "paused") return;
  let culprit = -1;
  for (let i = 0; i < d.size; i++) {
    const status2 = d.step(i).status;
    if (status2 === "pending" || ACTIVE_STEP_STATUSES.has(status2)) return;
    if (culprit < 0 && (status2 === "blocked" || status2 === "failed" && !recovered(d, i))) culprit = i;
  }
  if (culprit < 0) {
    d.moveMolecule("settle", "complete", { note: `all ${d.size} steps done` });
    return;
  }
  const step = d.step(culprit);
  d.moveMolecule("settle", "failed", {
    note: `step "${step.id}" ${step.status}${step.error ? `: ${step.error}` : ""}`
  });
}
function recovered(d, i) {
  return d.index.dependents[i].some(
    (j) => d.def(j).trigger === "one_failed" && d.step(j).status === "completed"
  );
}

// src/engine/ops/squash.ts
function squash(d, e) {
  const outcome = d.status;
  const mol = d.base;
  const durationMs = d.now.getTime() - Date.parse(mol.createdAt);
  const summary = e.summary ?? templatedSummary(d.proto.squash?.template, mol, outcome, durationMs);
  const attempts = mol.steps.reduce((n, s) => n + s.attempts, 0);
  const record3 = {
    v: 1,
    id: mol.id,
    title: mol.title,
    formula: mol.formula,
    vars: mol.vars,
    subject: mol.subject,
    outcome,
    summary,
    steps: mol.steps.map((s) => ({
      id: s.id,
      status: s.status,
      attempts: s.attempts,
      ...s.checkpoint?.commit === void 0 ? {} : { commit: s.checkpoint.commit }
    })),
    metrics: {
      durationMs,
      attempts,
      retries: mol.steps.reduce((n, s) => n + Math.max(0, s.attempts - 1), 0),
      loops: mol.steps.reduce((n, s) => n + s.loops, 0)
    },
    createdAt: mol.createdAt,
    squashedAt: d.at
  };
  d.set("summary", summary);
  d.moveMolecule(
    outcome === "complete" || outcome === "failed" ? "squash" : "squash-unfinished",
    "squashed",
    {
      by: e.by,
      note: summary
    }
  );
  d.emit({ type: "archive", record: record3 });
  deleteBranches(d, mol);
  return ok(void 0);
}
function templatedSummary(template, mol, outcome, durationMs) {
  const completed = mol.steps.filter((s) => s.status === "completed").length;
  const values = {
    title: mol.title,
    completed: String(completed),
    total: String(mol.steps.length),
    duration: formatDuration(durationMs),
    outcome
  };
  if (template === void 0 || template.trim() === "") {
    return `${mol.title}: ${completed} of ${mol.steps.length} steps completed in ${values.duration} (${outcome})`;
  }
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name) => values[name] ?? whole);
}
function deleteBranches(d, mol) {
  if (mol.execution !== "distributed") return;
  const branches = [...new Set(mol.steps.flatMap((s) => s.branch === void 0 ? [] : [s.branch]))];
  if (branches.length > 0) d.emit({ type: "delete-branches", branches });
}

// src/engine/ops/burn.ts
function burn(d, e) {
  d.moveMolecule("burn", "burned", { by: e.by });
  deleteBranches(d, d.base);
  return ok(void 0);
}
function evaporate(d, _e) {
  const mol = d.base;
  if (mol.kind !== "wisp") return err("not-a-wisp", `molecule "${mol.id}" is not a wisp; burn it instead`);
  if (mol.expiresAt !== void 0 && Date.parse(mol.expiresAt) > d.now.getTime()) {
    return err(
      "not-expired",
      `wisp "${mol.id}" expires at ${mol.expiresAt}; it cannot evaporate before then`
    );
  }
  d.moveMolecule("evaporate", "burned", { by: "patrol", note: "its time to live passed" });
  deleteBranches(d, mol);
  return ok(void 0);
}

// src/engine/ops/find-step.ts
function findStep(d, id) {
  const i = d.position(id);
  if (i !== void 0) return ok(i);
  const ids2 = d.index.steps.map((s) => s.id);
  const listed = ids2.length > 20 ? `${ids2.slice(0, 20).join(", ")}, \u2026` : ids2.join(", ");
  return err("unknown-step", `molecule "${d.base.id}" has no step "${id}"; its steps are ${listed}`);
}

// src/engine/ops/send-back.ts
var BACK_TO_PENDING = {
  lease: void 0,
  gates: void 0,
  awaitingSince: void 0,
  nudgedAt: void 0,
  startedAt: void 0,
  completedAt: void 0
};
function sendBack(d, i, event, info, patch = {}) {
  const status2 = d.step(i).status;
  const fields = { ...BACK_TO_PENDING, ...patch };
  if (status2 === "pending") {
    if (needsPatch(d, i, fields)) d.patch(i, fields);
    return false;
  }
  d.move(i, event, "pending", info, fields);
  return status2 === "in_progress" || status2 === "awaiting_gate";
}
function needsPatch(d, i, fields) {
  const step = d.step(i);
  return Object.entries(fields).some(([key, value]) => step[key] !== value);
}
function unblockDownstream(d, from, by) {
  for (const j of downstreamOf(d.index, from)) {
    if (d.step(j).status === "blocked")
      d.move(j, "unblock", "pending", { by, note: "the failure upstream was retried or skipped" });
  }
}
function noticeInterrupted(d, ids2, why) {
  if (ids2.length === 0) return;
  const list = ids2.map((id) => `"${id}"`).join(", ");
  d.emit({
    type: "notice",
    level: "warning",
    message: `${why}: work in progress on ${list} no longer counts`
  });
}

// src/engine/ops/fail.ts
function failPath(d, i, event, error2, by, patch = {}) {
  const def = d.def(i);
  const attempts = patch.attempts ?? d.step(i).attempts;
  const maxRetries = def.maxRetries ?? DEFAULT_MAX_RETRIES;
  const target = def.onFail === void 0 ? void 0 : d.position(def.onFail);
  const budget = def.maxLoops ?? d.proto.maxLoops;
  const loops = target === void 0 ? 0 : d.step(target).loops;
  const retry2 = attempts <= maxRetries;
  const loop = !retry2 && target !== void 0 && loops < budget;
  const fields = {
    ...patch,
    error: error2,
    lease: void 0,
    nudgedAt: void 0,
    awaitingSince: void 0
  };
  if (retry2 || loop) {
    d.move(i, event, "failed", { by, note: error2 }, fields);
  } else {
    const spent = target === void 0 ? "" : `; on_fail loops to "${def.onFail}" used ${loops} of ${budget}`;
    d.move(
      i,
      event,
      "failed",
      {
        by,
        note: `${error2} (failed for good after ${attempts} attempt${attempts === 1 ? "" : "s"}${spent})`
      },
      fields
    );
    return;
  }
  if (retry2) {
    d.move(i, "auto-retry", "ready", { note: `retry ${attempts} of ${maxRetries}` });
    return;
  }
  loopBack(d, i, target, loops + 1, budget);
}
function loopBack(d, failing, target, loop, budget) {
  const failingId = d.step(failing).id;
  const targetId = d.step(target).id;
  const sweep = /* @__PURE__ */ new Set([target, ...downstreamOf(d.index, [target]), failing]);
  const interrupted = [];
  const note = `on_fail of "${failingId}": loop ${loop} of ${budget} back to "${targetId}"`;
  for (const j of [...sweep].sort((a, b) => a - b)) {
    const patch = { attempts: 0 };
    if (j === target) patch.loops = loop;
    if (sendBack(d, j, "loop", { note }, patch) && j !== failing) interrupted.push(d.step(j).id);
  }
  noticeInterrupted(d, interrupted, note);
}
function fail2(d, e) {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const status2 = d.step(i).status;
  if (status2 !== "in_progress" && status2 !== "awaiting_gate") return refuse("step", e.step, status2, "fail");
  failPath(d, i, "fail", e.error, e.by);
  return ok(void 0);
}
function timeout(d, e) {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const step = d.step(i);
  if (step.status !== "in_progress") return refuse("step", e.step, step.status, "timeout");
  if (step.startedAt === void 0)
    return err("invalid-state", `step "${e.step}" is in progress but has no start time`);
  const limit = d.def(i).timeout;
  const ran = d.now.getTime() - Date.parse(step.startedAt);
  const limitMs = limit === void 0 ? void 0 : parseDuration(limit);
  if (limitMs !== void 0 && ran < limitMs) {
    return refuse(
      "step",
      e.step,
      step.status,
      "timeout",
      `it has run ${Math.round(ran / 1e3)}s of its ${limit}`
    );
  }
  failPath(d, i, "timeout", `timed out after ${limit ?? `${Math.round(ran / 6e4)}m`}`, "patrol");
  return ok(void 0);
}

// src/engine/ops/gates.ts
function waitingGates(def) {
  return def.gates.map((g) => ({ type: g.type, passed: null, detail: "waiting" }));
}
function mergeGates(current, incoming) {
  const merged = [...current];
  for (const result of incoming) {
    const at = merged.findIndex((g) => g.type === result.type);
    if (at >= 0) merged[at] = result;
    else merged.push(result);
  }
  return merged;
}
function gateVerdict(gates2) {
  if (gates2.some((g) => g.passed === false)) return "failed";
  if (gates2.some((g) => g.passed === null)) return "waiting";
  return "passed";
}
function failingDetail(gates2) {
  return gates2.filter((g) => g.passed === false).map((g) => `gate ${g.type} failed: ${g.detail}`).join("; ");
}

// src/engine/ops/complete.ts
function complete(d, e) {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const step = d.step(i);
  if (step.status === "completed") return alreadyCompleted(d, e.step);
  if (step.status === "awaiting_gate") {
    if (!e.gates || e.gates.length === 0) {
      d.emit({
        type: "notice",
        level: "info",
        message: `step "${e.step}" is already waiting for its gates; nothing changed`
      });
      return ok(void 0);
    }
    concludeGates(
      d,
      i,
      "complete",
      mergeGates(step.gates ?? waitingGates(d.def(i)), e.gates),
      e.by,
      record2(e)
    );
    return ok(void 0);
  }
  if (step.status !== "in_progress" && step.status !== "ready")
    return refuse("step", e.step, step.status, "complete");
  const patch = { ...record2(e), lease: void 0, nudgedAt: void 0 };
  if (step.status === "ready") Object.assign(patch, { attempts: step.attempts + 1, startedAt: d.at });
  const def = d.def(i);
  if (e.gates && e.gates.length > 0) {
    concludeGates(d, i, "complete", mergeGates(waitingGates(def), e.gates), e.by, patch);
  } else if (def.gates.length > 0) {
    d.emit({ type: "evaluate-gates", step: e.step, gates: def.gates });
    concludeGates(d, i, "complete", waitingGates(def), e.by, patch);
  } else {
    d.move(i, "complete", "completed", { by: e.by }, { ...patch, completedAt: d.at, error: void 0 });
  }
  return ok(void 0);
}
function gates(d, e) {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const step = d.step(i);
  if (step.status === "completed") return alreadyCompleted(d, e.step);
  if (step.status !== "awaiting_gate") return refuse("step", e.step, step.status, "gates");
  concludeGates(d, i, "gates", mergeGates(step.gates ?? waitingGates(d.def(i)), e.gates));
  return ok(void 0);
}
function approve(d, e) {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const step = d.step(i);
  if (step.status === "completed") return alreadyCompleted(d, e.step);
  if (!d.def(i).gates.some((g) => g.type === "approval")) {
    return err("no-approval-gate", `step "${e.step}" has no approval gate; there is nothing to approve`);
  }
  if (step.status !== "awaiting_gate") {
    return refuse(
      "step",
      e.step,
      step.status,
      "approve",
      "it can be approved once its work is done and it waits for approval"
    );
  }
  const current = step.gates ?? waitingGates(d.def(i));
  const approval = { type: "approval", passed: true, detail: `approved by ${e.by}` };
  concludeGates(d, i, "approve", mergeGates(current, [approval]), e.by);
  return ok(void 0);
}
function concludeGates(d, i, event, results, by, patch = {}) {
  const verdict = gateVerdict(results);
  if (verdict === "failed") {
    failPath(d, i, event, failingDetail(results), by, { ...patch, gates: results });
  } else if (verdict === "waiting") {
    const since = d.step(i).status === "awaiting_gate" ? d.step(i).awaitingSince : d.at;
    const waiting = results.filter((g) => g.passed === null).map((g) => g.type);
    d.move(
      i,
      event,
      "awaiting_gate",
      { by, note: `waiting for ${waiting.join(", ")}` },
      { ...patch, gates: results, awaitingSince: since }
    );
  } else {
    d.move(
      i,
      event,
      "completed",
      { by },
      { ...patch, gates: results, completedAt: d.at, awaitingSince: void 0, error: void 0 }
    );
  }
  const step = d.step(i);
  d.emit({
    type: "check-run",
    step: step.id,
    // A failing attempt reports failure even when a retry already made the step ready again.
    status: verdict === "failed" ? "failed" : step.status,
    gates: results,
    ...step.checkpoint?.commit === void 0 ? {} : { commit: step.checkpoint.commit }
  });
}
function record2(e) {
  const patch = {};
  if (e.checkpoint) patch.checkpoint = e.checkpoint;
  if (e.branch !== void 0) patch.branch = e.branch;
  return patch;
}
function alreadyCompleted(d, id) {
  d.emit({ type: "notice", level: "info", message: `step "${id}" was already completed; nothing changed` });
  return ok(void 0);
}

// src/engine/ops/draft.ts
var HISTORY_LIMIT = 1e3;
var Draft = class {
  constructor(proto, index, base, now) {
    this.proto = proto;
    this.index = index;
    this.base = base;
    this.now = now;
    this.at = now.toISOString();
    this.status0 = base.status;
    this.status = base.status;
    this.steps = base.steps;
  }
  proto;
  index;
  base;
  now;
  at;
  status0;
  status;
  effects = [];
  /** The base's steps until the first change, then a copy (so a no-op costs nothing). */
  steps;
  copied = /* @__PURE__ */ new Set();
  ownSteps = false;
  entries = [];
  readied = /* @__PURE__ */ new Set();
  again = /* @__PURE__ */ new Set();
  pendingChanges = [];
  fields = {};
  dirty = false;
  get size() {
    return this.steps.length;
  }
  step(i) {
    return this.steps[i];
  }
  def(i) {
    return this.index.steps[i];
  }
  position(id) {
    return this.index.position.get(id);
  }
  /** Change a step's fields without changing its status; `undefined` removes a field. */
  patch(i, patch) {
    if (!this.ownSteps) {
      this.steps = this.steps.slice();
      this.ownSteps = true;
    }
    if (!this.copied.has(i)) {
      this.steps[i] = { ...this.steps[i] };
      this.copied.add(i);
    }
    const target = this.steps[i];
    for (const [key, value] of Object.entries(patch)) {
      if (value === void 0) delete target[key];
      else target[key] = value;
    }
    this.dirty = true;
  }
  /** Change a step's status along the step machine; anything else is a bug in the engine. */
  move(i, event, to, info = {}, patch = {}) {
    const from = this.step(i).status;
    if (!canTransition(STEP_MACHINE, from, event) || !STEP_MACHINE[from][event]?.includes(to)) {
      throw new Error(`engine bug: step "${this.step(i).id}" cannot go ${from} -> ${to} on ${event}`);
    }
    this.patch(i, patch);
    const id = this.step(i).id;
    this.entries.push(entry(this.at, event, { step: id, from, to, ...info }));
    if (from === to) return;
    this.steps[i].status = to;
    this.effects.push(
      info.note ? { type: "step-status", step: id, from, to, note: info.note } : { type: "step-status", step: id, from, to }
    );
    this.pendingChanges.push(i);
    if (to === "ready") this.readied.add(i);
  }
  /** A history entry for something that changed no status (a nudge, a rollback, a resume). */
  record(event, info = {}) {
    this.entries.push(entry(this.at, event, { ...info, from: this.status, to: this.status }));
    this.dirty = true;
  }
  moveMolecule(event, to, info = {}) {
    const from = this.status;
    if (from === to) return;
    if (!MOLECULE_MACHINE[from][event]?.includes(to)) {
      throw new Error(`engine bug: molecule "${this.base.id}" cannot go ${from} -> ${to} on ${event}`);
    }
    this.status = to;
    this.dirty = true;
    this.entries.push(entry(this.at, event, { from, to, ...info }));
    this.effects.push({ type: "molecule-status", from, to });
    const labels = labelChange(from, to);
    if (labels) this.effects.push({ type: "labels", ...labels });
  }
  set(key, value) {
    this.fields[key] = value;
    this.dirty = true;
  }
  emit(effect) {
    this.effects.push(effect);
  }
  /** Dispatch a step that is already ready again (resume after a crash, unpause). */
  redispatch(i) {
    this.again.add(i);
  }
  /** Steps whose status changed since the last call: the scheduler looks at them and their dependents. */
  takeChanges() {
    const changes = this.pendingChanges;
    this.pendingChanges = [];
    return changes;
  }
  get changed() {
    return this.dirty || this.entries.length > 0;
  }
  build() {
    const effects = [...this.effects, ...this.dispatches()];
    if (!this.changed) return { mol: this.base, effects };
    let history = this.entries.length > 0 ? [...this.base.history, ...this.entries] : this.base.history;
    let trimmed = this.base.historyTrimmed ?? 0;
    if (history.length > HISTORY_LIMIT) {
      trimmed += history.length - HISTORY_LIMIT;
      history = history.slice(history.length - HISTORY_LIMIT);
    }
    const mol = {
      ...this.base,
      ...this.fields,
      status: this.status,
      steps: this.steps,
      history,
      rev: this.base.rev + 1,
      updatedAt: this.at
    };
    if (trimmed > 0) mol.historyTrimmed = trimmed;
    markMatches(mol, this.proto);
    return { mol, effects };
  }
  /**
   * One dispatch per step that this operation made ready (a step that was ready before and only
   * passed through pending was dispatched already), plus explicit re-dispatches; none while the
   * molecule may not run.
   */
  dispatches() {
    if (this.status !== "pending" && this.status !== "in_progress") return [];
    const chosen = new Set(this.again);
    for (const i of this.readied) if (this.base.steps[i].status !== "ready") chosen.add(i);
    return [...chosen].filter((i) => this.step(i).status === "ready").sort((a, b) => a - b).map((i) => ({ type: "dispatch", step: this.step(i).id, baseBranches: this.baseBranches(i) }));
  }
  /** The branches the step's needs recorded, in needs order: what a distributed step checks out. */
  baseBranches(i) {
    const branches = [];
    for (const n of this.index.needs[i]) {
      const branch = this.step(n).branch;
      if (branch !== void 0) branches.push(branch);
    }
    return branches;
  }
};
function entry(at, event, info) {
  const e = { at, event };
  for (const [key, value] of Object.entries(info)) {
    if (value !== void 0) e[key] = value;
  }
  return e;
}

// src/engine/ops/nudge.ts
function nudge(d, e) {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const step = d.step(i);
  if (step.status === "ready") {
    d.move(i, "nudge", "ready", { by: "patrol", note: "dispatched again" }, { nudgedAt: d.at });
    d.emit({ type: "dispatch", step: e.step, baseBranches: d.baseBranches(i) });
    return ok(void 0);
  }
  if (step.status !== "in_progress") return refuse("step", e.step, step.status, "nudge");
  const idleMs = step.startedAt === void 0 ? 0 : d.now.getTime() - Date.parse(step.startedAt);
  d.move(i, "nudge", "in_progress", { by: "patrol" }, { nudgedAt: d.at });
  d.emit({ type: "nudge", step: e.step, idleMs });
  return ok(void 0);
}

// src/engine/ops/pause.ts
function pause(d, e) {
  d.moveMolecule("pause", "paused", { by: e.by });
  return ok(void 0);
}
function unpause(d, e) {
  let started = false;
  for (let i = 0; i < d.size; i++) {
    const step = d.step(i);
    if (step.status === "ready") d.redispatch(i);
    if (step.attempts > 0 || ["in_progress", "awaiting_gate", "completed", "failed"].includes(step.status))
      started = true;
  }
  d.moveMolecule("unpause", started ? "in_progress" : "pending", { by: e.by });
  return ok(void 0);
}

// src/engine/ops/fresh-steps.ts
function freshSteps(proto) {
  return proto.steps.map((s) => ({ id: s.id, status: "pending", attempts: 0, loops: 0 }));
}

// src/engine/ops/reset.ts
function reset(proto, index, mol, e, now) {
  const at = now.toISOString();
  const { historyTrimmed: _trimmed, summary: _summary, ...kept } = mol;
  const fresh = {
    ...kept,
    status: "pending",
    steps: freshSteps(proto),
    history: [
      {
        at,
        event: e.type,
        from: mol.status,
        to: "pending",
        ...e.by === void 0 ? {} : { by: e.by },
        note: archivedNote(mol)
      }
    ]
  };
  const d = new Draft(proto, index, fresh, now);
  d.emit({ type: "molecule-status", from: mol.status, to: "pending" });
  const labels = labelChange(mol.status, "pending");
  if (labels) d.emit({ type: "labels", ...labels });
  deleteBranches(d, mol);
  if (e.type === "force-reset") {
    const running = mol.steps.filter((s) => s.status === "in_progress" || s.status === "awaiting_gate").map((s) => `"${s.id}"`);
    const abandoned = running.length > 0 ? `; work in progress on ${running.join(", ")} was abandoned` : "";
    d.emit({
      type: "notice",
      level: "warning",
      message: `molecule "${mol.id}" was force-reset from ${mol.status.replace("_", " ")} by ${e.by}${abandoned}`
    });
  }
  advance(d, fresh.steps.keys());
  settle2(d);
  const built = d.build();
  return ok({ mol: { ...built.mol, rev: mol.rev + 1, updatedAt: at }, effects: built.effects });
}
function archivedNote(mol) {
  const count = mol.history.length + (mol.historyTrimmed ?? 0);
  const first = mol.history[0]?.at ?? mol.createdAt;
  const last = mol.history.at(-1)?.at ?? mol.updatedAt;
  const failedStep = mol.steps.find((s) => s.status === "failed");
  const why = failedStep ? `; step "${failedStep.id}" had failed: ${failedStep.error ?? "no error recorded"}` : "";
  const done2 = mol.steps.filter((s) => s.status === "completed").length;
  return `archived ${count} transitions from ${first} to ${last}; it was ${mol.status.replace("_", " ")} with ${done2} of ${mol.steps.length} steps completed${why}`;
}

// src/engine/ops/resume.ts
function resume(d, e) {
  const resumed = [];
  for (let i = 0; i < d.size; i++) {
    const step = d.step(i);
    if (step.status === "ready") d.redispatch(i);
    if (step.status !== "in_progress" || leaseLive(d, i)) continue;
    const note = step.lease ? `lease of "${step.lease.holder}" expired at ${step.lease.expiresAt}` : "no lease: its runner is presumed gone";
    d.move(i, "resume", "ready", { by: e.by, note }, { lease: void 0, nudgedAt: void 0 });
    resumed.push(step.id);
  }
  const message = resumed.length > 0 ? `resumed ${resumed.map((id) => `"${id}"`).join(", ")}: back to ready` : "no step in progress had lost its runner; nothing to resume";
  d.emit({ type: "notice", level: "info", message });
  return ok(void 0);
}
function release(d, e) {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const step = d.step(i);
  if (step.status !== "in_progress") return refuse("step", e.step, step.status, "release");
  const lease = step.lease;
  if (e.runId !== void 0) {
    if (lease?.runId !== e.runId) {
      return err("lease-held", `step "${e.step}" is no longer held by run ${e.runId}; it was not released`);
    }
  } else if (leaseLive(d, i)) {
    return err(
      "lease-held",
      `step "${e.step}" is held by "${lease?.holder}" until ${lease?.expiresAt}; it was not released`
    );
  }
  const note = e.runId !== void 0 ? `run ${e.runId} is gone` : lease ? `lease expired at ${lease.expiresAt}` : "it had no lease";
  d.move(i, "release", "ready", { by: e.by ?? "patrol", note }, { lease: void 0, nudgedAt: void 0 });
  return ok(void 0);
}
function leaseLive(d, i) {
  const lease = d.step(i).lease;
  return lease !== void 0 && Date.parse(lease.expiresAt) > d.now.getTime();
}

// src/engine/ops/retry.ts
function retry(d, e) {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const status2 = d.step(i).status;
  let sources;
  if (status2 === "failed") sources = [i];
  else if (status2 === "blocked")
    sources = upstreamOf2(d.index, i).filter((j) => d.step(j).status === "failed");
  else
    return refuse(
      "step",
      e.step,
      status2,
      "retry",
      "only a failed step, or one blocked by a failure, can be retried"
    );
  if (sources.length === 0)
    return err("invalid-state", `step "${e.step}" is blocked but no step upstream of it failed`);
  for (const j of sources) {
    const note = j === i ? "retried by a person" : `retried by a person to unblock "${e.step}"`;
    d.move(j, "retry", "ready", { by: e.by, note });
  }
  unblockDownstream(d, sources, e.by);
  return ok(void 0);
}

// src/engine/ops/rollback.ts
function rollback(d, e) {
  let sweep;
  let note;
  if (e.step === void 0) {
    sweep = Array.from({ length: d.size }, (_, i) => i);
    note = "rolled back to the base";
    d.emit({ type: "reset-branch" });
  } else {
    const found = findStep(d, e.step);
    if (!found.ok) return found;
    const i = found.value;
    const step = d.step(i);
    if (step.status !== "completed") {
      return refuse(
        "step",
        e.step,
        step.status,
        "rollback",
        "only a completed step has a checkpoint to return to"
      );
    }
    sweep = downstreamOf(d.index, [i]);
    note = `rolled back to the checkpoint of "${e.step}"`;
    const commit = step.checkpoint?.commit;
    if (commit !== void 0) d.emit({ type: "reset-branch", step: e.step, commit });
    else
      d.emit({
        type: "notice",
        level: "warning",
        message: `step "${e.step}" recorded no commit; the branch was left as it is`
      });
  }
  const interrupted = [];
  for (const j of sweep) {
    if (sendBack(d, j, "rollback", { by: e.by, note }, { error: void 0, attempts: 0 }))
      interrupted.push(d.step(j).id);
  }
  noticeInterrupted(d, interrupted, note);
  if (d.status === "complete" || d.status === "failed")
    d.moveMolecule("rollback", "in_progress", { by: e.by, note });
  else d.record("rollback", { by: e.by, note, ...e.step === void 0 ? {} : { step: e.step } });
  return ok(void 0);
}
function rollbackCandidates(d, e) {
  if (e.step === void 0) return Array.from({ length: d.size }, (_, i2) => i2);
  const i = d.position(e.step);
  return i === void 0 ? [] : downstreamOf(d.index, [i]);
}

// src/engine/ops/skip.ts
function skip(d, e) {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const status2 = d.step(i).status;
  if (!["pending", "ready", "awaiting_gate", "failed", "blocked"].includes(status2)) {
    return refuse(
      "step",
      e.step,
      status2,
      "skip",
      status2 === "in_progress" ? "fail it or let it finish" : void 0
    );
  }
  d.move(
    i,
    "skip",
    "skipped",
    { by: e.by, note: e.reason ?? "skipped by a person" },
    { lease: void 0, awaitingSince: void 0 }
  );
  if (status2 === "failed" || status2 === "blocked") unblockDownstream(d, [i], e.by);
  return ok(void 0);
}

// src/engine/ops/start.ts
function start(d, e) {
  const found = findStep(d, e.step);
  if (!found.ok) return found;
  const i = found.value;
  const step = d.step(i);
  if (step.status === "in_progress") return restart(d, i, e);
  if (step.status !== "ready") return refuse("step", e.step, step.status, "start", startHint(d, i));
  begin(d, i, e);
  return ok(void 0);
}
function restart(d, i, e) {
  const current = d.step(i).lease;
  const live = current !== void 0 && Date.parse(current.expiresAt) > d.now.getTime();
  if (live) {
    if (e.lease && e.lease.holder === current.holder && e.lease.runId === current.runId) {
      d.emit({
        type: "notice",
        level: "info",
        message: `step "${e.step}" is already in progress under this lease; nothing changed`
      });
      return ok(void 0);
    }
    return err(
      "lease-held",
      `step "${e.step}" is in progress under a lease held by "${current.holder}"${current.runId ? ` (run ${current.runId})` : ""} until ${current.expiresAt}; it cannot be started again before then`
    );
  }
  if (current === void 0 && e.lease === void 0) {
    d.emit({
      type: "notice",
      level: "info",
      message: `step "${e.step}" is already in progress; nothing changed`
    });
    return ok(void 0);
  }
  const note = current ? `took over from "${current.holder}", whose lease expired at ${current.expiresAt}` : "took over a step that had no lease";
  begin(d, i, e, note);
  return ok(void 0);
}
function begin(d, i, e, note) {
  const lease = e.lease && {
    holder: e.lease.holder,
    ...e.lease.runId === void 0 ? {} : { runId: e.lease.runId },
    expiresAt: new Date(d.now.getTime() + e.lease.ttlMs).toISOString()
  };
  d.move(
    i,
    "start",
    "in_progress",
    { by: e.by ?? e.lease?.holder, note },
    { attempts: d.step(i).attempts + 1, startedAt: d.at, completedAt: void 0, nudgedAt: void 0, lease }
  );
}
function startHint(d, i) {
  const status2 = d.step(i).status;
  if (status2 === "failed") return "retry it to run it again";
  if (status2 === "awaiting_gate") return "its work is done and it is waiting for its gates";
  if (status2 !== "pending" && status2 !== "blocked") return void 0;
  const open2 = d.index.needs[i].map((n) => d.step(n)).filter((s) => s.status !== "completed" && s.status !== "skipped").map((s) => `"${s.id}" (${s.status.replace("_", " ")})`);
  return open2.length > 0 ? `it needs ${open2.join(", ")}` : void 0;
}

// src/engine/ops/transition.ts
var HANDLERS = {
  start,
  complete,
  gates,
  approve,
  fail: fail2,
  timeout,
  retry,
  skip,
  nudge,
  release,
  resume,
  rollback,
  pause,
  unpause,
  squash,
  burn,
  evaporate
};
function transition(proto, mol, event, now) {
  const index = indexProto(proto);
  if (!index.ok) return index;
  const matches = checkMatches(index.value, proto, mol);
  if (!matches.ok) return matches;
  const machineEvent = machineEventOf(event, mol.status);
  if (!canTransition(MOLECULE_MACHINE, mol.status, machineEvent)) {
    return refuse("molecule", mol.id, mol.status, machineEvent, moleculeHint(mol.status, machineEvent));
  }
  if (event.type === "reset" || event.type === "force-reset")
    return reset(proto, index.value, mol, event, now);
  const d = new Draft(proto, index.value, mol, now);
  const handled = HANDLERS[event.type](d, event);
  if (!handled.ok) return handled;
  if (!d.changed) return ok(d.build());
  const target = targetsOf(MOLECULE_MACHINE, mol.status, machineEvent)[0];
  if (target !== void 0 && d.status === mol.status && target !== mol.status && target !== "squashed" && target !== "burned") {
    d.moveMolecule(machineEvent, target, "by" in event && event.by !== void 0 ? { by: event.by } : {});
  }
  advance(d, event.type === "rollback" ? rollbackCandidates(d, event) : []);
  settle2(d);
  return ok(d.build());
}
function machineEventOf(event, status2) {
  if (event.type === "squash" && event.summary !== void 0 && status2 !== "complete" && status2 !== "failed") {
    return "squash-unfinished";
  }
  return event.type;
}
function moleculeHint(status2, event) {
  if (status2 === "squashed" || status2 === "burned") return "it is gone";
  if (event === "squash") return "to archive unfinished work, give a summary: /mol squash <summary>";
  if (event === "reset")
    return "reset works on complete or failed molecules; /mol reset --force works from any state";
  if (status2 === "paused" && event !== "pause") return "unpause it first";
  if (event === "unpause") return "it is not paused";
  if (status2 === "pending" && event === "rollback") return "nothing has run yet";
  if (status2 === "complete" || status2 === "failed")
    return `roll it back, reset it, or retry a failed step to work on it again`;
  return void 0;
}

// src/handlers/change-molecule.ts
var UNCHANGED = "unchanged";
var DUPLICATE = "already-handled";
var MAX_NOTE = 300;
var NEEDS_PROTO = "needs-proto";
async function changeMolecule(store, proto, molId, event, now, marker2, readFirst) {
  let noop;
  let handled;
  const result = await store.mutate(molId, (current) => {
    noop = void 0;
    handled = void 0;
    if (marker2 && handledUnder(current, marker2.key)) {
      handled = current;
      return err(DUPLICATE, `${marker2.key} was already handled`);
    }
    const known = typeof proto === "function" ? proto(current) : proto;
    if (!known) {
      if (readFirst) readFirst.mol = current;
      return err(NEEDS_PROTO, `the formula of molecule ${molId} must be loaded first`);
    }
    const chosen = typeof event === "function" ? event(current) : ok(event);
    if (!chosen.ok) return chosen;
    const next = transition(known, current, chosen.value, now);
    if (!next.ok) return next;
    if (next.value.mol === current) {
      noop = next.value;
      return err(UNCHANGED, "nothing changed");
    }
    if (!marker2) return next;
    const note = `${marker2.key}: ${marker2.text}`;
    const entry2 = {
      at: now.toISOString(),
      event: "command",
      by: marker2.by,
      note: note.length > MAX_NOTE ? `${note.slice(0, MAX_NOTE - 1)}\u2026` : note
    };
    return ok({
      mol: { ...next.value.mol, history: [...next.value.mol.history, entry2] },
      effects: next.value.effects
    });
  });
  if (result.ok) return ok({ ...result.value, changed: true });
  if (result.error.code === UNCHANGED && noop) return ok({ ...noop, changed: false });
  if (result.error.code === DUPLICATE && handled)
    return ok({ mol: handled, effects: [], changed: false, duplicate: true });
  return result;
}
function handledUnder(mol, key) {
  return mol.history.some((h) => h.event === "command" && (h.note === key || h.note?.startsWith(`${key}:`)));
}

// src/handlers/check-run-ids.ts
var ids = new BoundedCache(2e3);
async function upsertRememberedCheckRun(ctx, input2) {
  const key = `${repoSlug(ctx.repo).toLowerCase()}\0${input2.name}\0${input2.headSha}`;
  const known = ids.get(key);
  if (known !== void 0) {
    try {
      const updated = await upsertCheckRun(ctx.octokit, ctx.repo, { ...input2, checkRunId: known });
      if (updated.ok) return updated;
    } catch (error2) {
      if (httpStatus(error2) !== 404) throw error2;
    }
    ids.delete(key);
  }
  const result = await upsertCheckRun(ctx.octokit, ctx.repo, input2);
  if (result.ok) ids.set(key, result.value.id);
  return result;
}

// src/handlers/default-branch.ts
async function defaultBranch(ctx) {
  return ctx.defaultBranch ?? await defaultBranchOf(ctx.octokit, ctx.repo);
}

// src/runner/branch-names.ts
var moleculeBranchPrefix = (molId) => `molecular/${molId}/`;
var stepBranch = (molId, stepId) => `${moleculeBranchPrefix(molId)}${stepId}`;

// src/handlers/molecule-branches.ts
async function deleteMoleculeBranches(octokit, repo, molId) {
  const prefix = `heads/${moleculeBranchPrefix(molId)}`;
  const { data } = await octokit.request("GET /repos/{owner}/{repo}/git/matching-refs/{ref}", {
    ...repo,
    ref: prefix
  });
  const deleted = [];
  for (const { ref } of data) {
    const short = ref.replace(/^refs\//, "");
    if (!short.startsWith(prefix)) continue;
    try {
      await octokit.request("DELETE /repos/{owner}/{repo}/git/refs/{ref}", { ...repo, ref: short });
      deleted.push(short.slice("heads/".length));
    } catch (error2) {
      if (httpStatus(error2) !== 404 && httpStatus(error2) !== 422) throw error2;
    }
  }
  return deleted;
}
async function resetStepBranch(octokit, repo, molId, step, commit) {
  try {
    await octokit.request("PATCH /repos/{owner}/{repo}/git/refs/{ref}", {
      ...repo,
      ref: `heads/${stepBranch(molId, step)}`,
      sha: commit,
      force: true
    });
    return true;
  } catch (error2) {
    if (httpStatus(error2) === 404 || httpStatus(error2) === 422) return false;
    throw error2;
  }
}

// src/handlers/step-issues.ts
var marker = (molId, step) => `<!-- molecular:step ${molId}/${step} -->`;
async function createStepIssues(ctx, mol, proto) {
  const parent = mol.subject.issue;
  if (parent === void 0) return;
  for (const step of proto.steps) {
    const { data } = await ctx.octokit.request("POST /repos/{owner}/{repo}/issues", {
      ...ctx.repo,
      title: `${inlineText(step.title, 200)} (${mol.id})`,
      body: fitComment(
        [
          `Step \`${step.id}\` of molecule \`${mol.id}\` (formula \`${mol.formula.name}\`) on #${parent}.`,
          "",
          step.description,
          ...step.acceptance ? ["", `**Acceptance:** ${step.acceptance}`] : [],
          "",
          marker(mol.id, step.id)
        ].join("\n")
      )
    });
    await ctx.octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/sub_issues", {
      ...ctx.repo,
      issue_number: parent,
      sub_issue_id: Number(data.id)
    });
  }
}
async function closeStepIssue(ctx, mol, step, reason) {
  const parent = mol.subject.issue;
  if (parent === void 0) return false;
  const children = await ctx.octokit.paginate("GET /repos/{owner}/{repo}/issues/{issue_number}/sub_issues", {
    ...ctx.repo,
    issue_number: parent,
    per_page: 100
  });
  const child = children.find((issue2) => issue2.body?.includes(marker(mol.id, step)));
  if (!child || child.state === "closed") return false;
  await ctx.octokit.request("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
    ...ctx.repo,
    issue_number: child.number,
    state: "closed",
    state_reason: reason
  });
  return true;
}

// src/handlers/apply-effects.ts
var MAX_DEPTH4 = 3;
async function applyEffects(ctx, store, mol, proto, effects, options = {}) {
  const out = { mol, notices: [], problems: [], dispatched: [] };
  await carryOut(ctx, store, proto, effects, options, out, 0);
  if (touchesSteps(effects))
    await attempt(ctx, out, "update the molecule check run", () => moleculeCheck(ctx, out.mol));
  return out;
}
async function carryOut(ctx, store, proto, effects, options, out, depth) {
  const defs = new Map(proto.steps.map((s) => [s.id, s]));
  for (const effect of effects) {
    const mol = out.mol;
    switch (effect.type) {
      case "dispatch":
        await attempt(
          ctx,
          out,
          `start step "${effect.step}"`,
          () => dispatch(ctx, mol, defs.get(effect.step), effect.baseBranches, out)
        );
        break;
      case "evaluate-gates": {
        if (depth >= MAX_DEPTH4) break;
        const results = await attemptValue(
          ctx,
          out,
          `check the gates of step "${effect.step}"`,
          () => judgeAppGates(ctx, mol, effect.step, effect.gates)
        );
        const waiting = effect.gates.filter((g) => !results?.some((r) => r.type === g.type));
        if (waiting.length > 0)
          out.notices.push(
            waitingSentence(
              effect.step,
              waiting.map((g) => g.type)
            )
          );
        if (!results || results.length === 0) break;
        const change = await changeMolecule(
          store,
          proto,
          mol.id,
          { type: "gates", step: effect.step, gates: results },
          ctx.now()
        );
        if (!change.ok) {
          out.problems.push(
            `the gate results of step "${effect.step}" could not be recorded: ${change.error.message}`
          );
          break;
        }
        out.mol = change.value.mol;
        await carryOut(ctx, store, proto, change.value.effects, options, out, depth + 1);
        break;
      }
      case "check-run":
        await attempt(
          ctx,
          out,
          `report the check run of step "${effect.step}"`,
          () => stepCheck(ctx, mol, effect.step, effect.status, effect.gates, effect.commit)
        );
        break;
      case "step-status": {
        const gated = (defs.get(effect.step)?.gates.length ?? 0) > 0;
        if (gated && !effects.some((e) => e.type === "check-run" && e.step === effect.step)) {
          const state = mol.steps.find((s) => s.id === effect.step);
          await attempt(
            ctx,
            out,
            `report the check run of step "${effect.step}"`,
            () => stepCheck(ctx, mol, effect.step, effect.to, state?.gates ?? [], void 0)
          );
        }
        if (ctx.config.step_issues && (effect.to === "completed" || effect.to === "skipped")) {
          await attempt(
            ctx,
            out,
            `close the sub-issue of step "${effect.step}"`,
            () => closeStepIssue(ctx, mol, effect.step, effect.to === "completed" ? "completed" : "not_planned")
          );
        }
        break;
      }
      case "labels":
        await attempt(
          ctx,
          out,
          "update the state labels",
          () => removeLabels(ctx, mol, effect.remove, options.siblings ?? [])
        );
        break;
      case "delete-branches":
        await deleteBranchesOnce(ctx, mol, out);
        break;
      case "molecule-status":
        if ((effect.to === "burned" || effect.to === "squashed") && mol.execution === "distributed") {
          await deleteBranchesOnce(ctx, mol, out);
        }
        break;
      case "reset-branch":
        await attempt(ctx, out, "roll back the branch", () => resetBranch(ctx, mol, effect, out));
        break;
      case "nudge":
        await attempt(
          ctx,
          out,
          `nudge step "${effect.step}"`,
          () => nudge2(ctx, mol, defs.get(effect.step), effect.idleMs)
        );
        break;
      case "notice":
        if (effect.level === "warning") ctx.log.warn(`${mol.id}: ${effect.message}`);
        out.notices.push(effect.message);
        break;
      case "archive":
        break;
    }
  }
}
var cleared = /* @__PURE__ */ new WeakSet();
async function deleteBranchesOnce(ctx, mol, out) {
  if (cleared.has(out)) return;
  cleared.add(out);
  await attempt(ctx, out, "delete the molecule branches", async () => {
    const deleted = await deleteMoleculeBranches(ctx.octokit, ctx.repo, mol.id);
    if (deleted.length > 0)
      ctx.log.info(`deleted ${deleted.length} branch(es) of ${mol.id}: ${deleted.join(", ")}`);
  });
}
function runsInJob(mol, def) {
  if (def?.type !== "task") return false;
  return mol.execution === "distributed" || def.run !== void 0;
}
async function dispatch(ctx, mol, def, baseBranches, out) {
  if (!runsInJob(mol, def) || !def) return;
  const ref = await defaultBranch(ctx);
  const done2 = await dispatchStep(ctx.octokit, ctx.repo, {
    workflow: ctx.config.step_workflow,
    ref,
    // Git ref names hold no spaces, so several parents' branches travel as one input.
    inputs: {
      molecule: mol.id,
      step: def.id,
      base: baseBranches.length > 0 ? baseBranches.join(" ") : mol.base.ref
    }
  });
  if (done2.ok) out.dispatched.push(def.id);
  else out.problems.push(`step "${def.id}" was not started: ${done2.error.message}`);
}
function waitingSentence(step, types) {
  const hints = [...new Set(types)].map(
    (type) => type === "approval" ? `approval (\`/mol approve ${step}\`)` : APP_GATE_TYPES.has(type) ? type : `${type} (judged by the step job)`
  );
  return `step "${step}" waits for its gates: ${hints.join(", ")}`;
}
async function stepCheck(ctx, mol, step, status2, gates2, commit) {
  const sha = commit ?? mol.steps.find((s) => s.id === step)?.checkpoint?.commit ?? prHead(mol);
  if (sha === void 0) return;
  const done2 = await upsertRememberedCheckRun(
    ctx,
    stepCheckRun({ formula: mol.formula.name, molId: mol.id, step, status: status2, gates: gates2, headSha: sha })
  );
  if (!done2.ok) throw new Error(done2.error.message);
}
function prHead(mol) {
  return mol.subject.pr !== void 0 ? mol.base.sha : void 0;
}
function touchesSteps(effects) {
  return effects.some((e) => e.type === "step-status" || e.type === "molecule-status");
}
async function moleculeCheck(ctx, mol) {
  const head = prHead(mol);
  if (head === void 0) return;
  const done2 = await upsertRememberedCheckRun(ctx, moleculeCheckRun(mol, head));
  if (!done2.ok) ctx.log.warn(done2.error.message);
}
async function removeLabels(ctx, mol, remove, siblings) {
  const issue2 = mol.subject.issue ?? mol.subject.pr;
  if (issue2 === void 0) return;
  const stillNeeded = new Set(siblings.filter((s) => s.id !== mol.id).map((s) => stateLabelFor(s.status)));
  stillNeeded.add(stateLabelFor(mol.status));
  for (const name of remove.filter((n) => !stillNeeded.has(n))) {
    try {
      await ctx.octokit.request("DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}", {
        ...ctx.repo,
        issue_number: issue2,
        name
      });
    } catch (error2) {
      if (httpStatus(error2) !== 404) throw error2;
    }
  }
}
async function resetBranch(ctx, mol, effect, out) {
  if (mol.execution !== "distributed") {
    out.notices.push(`the commits on ${mol.base.ref} were left as they are; steps run again from there`);
    return;
  }
  if (effect.step === void 0 || effect.commit === void 0) return;
  const moved = await resetStepBranch(ctx.octokit, ctx.repo, mol.id, effect.step, effect.commit);
  out.notices.push(
    moved ? `branch molecular/${mol.id}/${effect.step} is back at ${effect.commit.slice(0, 7)}` : `step "${effect.step}" has no branch to roll back`
  );
}
async function nudge2(ctx, mol, def, idleMs) {
  const issue2 = mol.subject.issue ?? mol.subject.pr;
  if (issue2 === void 0 || !def) return;
  const who = def.assignee ? `@${def.assignee.replace(/^@/, "")} ` : "";
  await reply(
    ctx.octokit,
    ctx.repo,
    issue2,
    `\u23F0 ${who}step \`${def.id}\` of molecule \`${mol.id}\` has been in progress for ${formatDuration(idleMs)} with no news. Report it with \`/mol done ${def.id}\` or \`/mol fail ${def.id} <reason>\`.`
  );
}
async function attempt(ctx, out, what, fn) {
  await attemptValue(ctx, out, what, fn);
}
async function attemptValue(ctx, out, what, fn) {
  try {
    return await fn();
  } catch (error2) {
    const status2 = httpStatus(error2);
    const sentence = `could not ${what}: GitHub answered ${status2 ?? "nothing"}: ${httpMessage(error2)}`;
    ctx.log.warn(sentence);
    out.problems.push(sentence);
    return void 0;
  }
}

// src/handlers/step-event.ts
async function applyToMolecule(ctx, store, molId, event, marker2) {
  let proto;
  const first = {};
  let change = await changeMolecule(
    store,
    (mol) => proto = cachedProto(ctx, mol),
    molId,
    event,
    ctx.now(),
    marker2,
    first
  );
  if (!change.ok && change.error.code === NEEDS_PROTO && first.mol) {
    const loaded = await loadProto(ctx, first.mol);
    if (!loaded.ok) return loaded;
    proto = loaded.value;
    change = await changeMolecule(store, loaded.value, molId, event, ctx.now(), marker2);
  }
  if (!change.ok) return change;
  if (!proto) return err("no-proto", `molecule ${molId}: its formula could not be found`);
  if (!change.value.changed) return ok({ change: change.value, proto });
  const outcome = await applyEffects(ctx, store, change.value.mol, proto, change.value.effects);
  return ok({ change: change.value, proto, outcome });
}

// src/handlers/check-run.ts
async function handleCheckRun(ctx) {
  const parsed = CheckRunPayload.safeParse(ctx.payload);
  if (!parsed.success) return ignored("not a check run event");
  const { action, check_run: run, requested_action: requested, sender } = parsed.data;
  const verb = action === "rerequested" ? "retry" : action === "requested_action" ? requested?.identifier : void 0;
  if (verb !== "retry" && verb !== "skip") return ignored(`check run ${action} ${verb ?? ""}`.trim());
  const app = run.app?.slug;
  if (app !== void 0 && !ctx.identity.trusted.some((w) => w.toLowerCase() === `${app}[bot]`.toLowerCase())) {
    return ignored(`check run of another app (${app})`);
  }
  const { molId, step } = parseCheckRunExternalId(run.external_id ?? "");
  const issue2 = parseMoleculeId(molId)?.issue;
  if (step === void 0 || issue2 === void 0)
    return ignored(`check run ${run.id} is not a Molecular step`);
  const say = (text2) => reply(ctx.octokit, ctx.repo, issue2, `@${sender.login} ${text2}`);
  const what = `${verb === "retry" ? "Retry" : "Skip"} of step ${codeSpan(step)} (molecule ${codeSpan(molId)})`;
  const required2 = permissionTable(ctx)[verb];
  const level = await levelOf(ctx, sender.login);
  if (!permissionAtLeast(level, required2)) {
    await say(`${what}: ${permissionRefusal("this", required2, level, repoSlug(ctx.repo))}.`);
    return refused(`${sender.login} may not ${verb}`);
  }
  const event = verb === "retry" ? { type: "retry", step, by: sender.login } : { type: "skip", step, by: sender.login };
  const done2 = await applyToMolecule(ctx, openStore(ctx), molId, event, {
    key: `delivery ${ctx.deliveryId}`,
    by: sender.login,
    text: `check run ${verb} of ${step}`
  });
  if (!done2.ok) {
    await say(`${what} was refused: ${quiet(done2.error.message)}.`);
    return refused(done2.error.message);
  }
  const problems = done2.value.outcome?.problems ?? [];
  if (problems.length > 0) await say(`${what}:
${problems.map((p) => `- \u26A0\uFE0F ${quiet(p)}`).join("\n")}`);
  return applied(`${verb} ${molId}/${step}`);
}

// src/handlers/installation.ts
async function handleInstallation(ctx) {
  const parsed = InstallationPayload.safeParse(ctx.payload);
  if (!parsed.success) return ignored("not an installation event");
  const { action } = parsed.data;
  const repos = action === "created" ? parsed.data.repositories : action === "added" ? parsed.data.repositories_added : void 0;
  if (!repos || repos.length === 0) return ignored(`installation ${action}: no repository added`);
  const done2 = [];
  for (const { full_name } of repos) {
    const [owner, repo] = full_name.split("/");
    if (!owner || !repo) continue;
    try {
      const created = await ensureLabels(ctx.octokit, { owner, repo });
      done2.push(`${full_name}: ${created.length ? created.join(", ") : "labels were there"}`);
    } catch (error2) {
      ctx.log.warn(`could not create the state labels in ${full_name}: ${httpMessage(error2)}`);
    }
  }
  return done2.length > 0 ? applied(done2.join("; ")) : ignored("no repository took the labels");
}

// src/engine/commands/grammar.ts
var COMMAND_VERBS = [
  "status",
  "pour",
  "done",
  "fail",
  "retry",
  "skip",
  "approve",
  "rollback",
  "squash",
  "burn",
  "reset",
  "help"
];
var COMMAND_USAGE = {
  status: { usage: "/mol status", summary: "show the molecule's progress" },
  pour: {
    usage: "/mol pour <formula> [key=value\u2026]",
    summary: "start a formula on this issue or pull request"
  },
  done: { usage: "/mol done <step> [note\u2026]", summary: "mark a step completed" },
  fail: { usage: "/mol fail <step> <reason\u2026>", summary: "mark a step failed, saying why" },
  retry: { usage: "/mol retry <step>", summary: "run a failed step again" },
  skip: { usage: "/mol skip <step>", summary: "skip a step" },
  approve: { usage: "/mol approve <step>", summary: "pass a step's approval gate" },
  rollback: {
    usage: "/mol rollback [<step>]",
    summary: "reset the molecule's branch to a step's checkpoint (or the base)"
  },
  squash: { usage: "/mol squash [summary\u2026]", summary: "archive the molecule with a summary" },
  burn: { usage: "/mol burn", summary: "discard the molecule" },
  reset: { usage: "/mol reset --force", summary: "reset the molecule from any state (admin)" },
  help: { usage: "/mol help", summary: "list these commands" }
};
function isCommandError(value) {
  return "code" in value;
}

// src/engine/commands/did-you-mean.ts
function editDistance2(a, b) {
  const x = Array.from(a);
  const y = Array.from(b);
  const d = Array.from(
    { length: x.length + 1 },
    (_, i) => Array.from({ length: y.length + 1 }, (_2, j) => i === 0 ? j : j === 0 ? i : 0)
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      const row = d[i];
      const prev = d[i - 1];
      let best = Math.min(
        prev[j] + 1,
        row[j - 1] + 1,
        prev[j - 1] + cost
      );
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, d[i - 2][j - 2] + 1);
      }
      row[j] = best;
    }
  }
  return d[x.length][y.length];
}
function didYouMean2(word, candidates, maxDistance = 2) {
  let best;
  let bestDistance = maxDistance + 1;
  const length = Array.from(word).length;
  for (const candidate of candidates) {
    if (Math.abs(Array.from(candidate).length - length) > maxDistance) continue;
    const distance = editDistance2(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

// src/engine/commands/tokenize.ts
var OPEN_QUOTES = { '"': '"', "\u201C": "\u201D", "\u201D": "\u201D" };
function nextToken(text2, from) {
  let i = from;
  while (i < text2.length && /\s/.test(text2[i])) i++;
  if (i >= text2.length) return ok(void 0);
  const start2 = i;
  let value = "";
  let quoted2 = false;
  while (i < text2.length && !/\s/.test(text2[i])) {
    const c = text2[i];
    const close = OPEN_QUOTES[c];
    if (close === void 0) {
      value += c;
      i++;
      continue;
    }
    quoted2 = true;
    const opened = i;
    i++;
    for (; ; ) {
      if (i >= text2.length) {
        return err("unterminated-quote", `the quote opened at column ${opened + 1} is never closed`, {
          col: opened + 1
        });
      }
      const q = text2[i];
      if (q === close) {
        i++;
        break;
      }
      if (q === "\\" && close === '"' && (text2[i + 1] === '"' || text2[i + 1] === "\\")) {
        value += text2[i + 1];
        i += 2;
        continue;
      }
      value += q;
      i++;
    }
  }
  return ok({ value, start: start2, end: i, quoted: quoted2 });
}

// src/engine/commands/visible-lines.ts
var FENCE = /^\s*(`{3,}|~{3,})(.*)$/;
function visibleLines(body) {
  const lines = body.split(/\r\n|\r|\n/);
  const visible = [];
  let fence;
  let inComment = false;
  lines.forEach((raw, index) => {
    if (fence) {
      const close = FENCE.exec(raw);
      if (close?.[1]?.[0] === fence.char && close[1].length >= fence.length && (close[2] ?? "").trim() === "") {
        fence = void 0;
      }
      return;
    }
    let text2 = "";
    let rest = raw;
    while (rest !== "") {
      if (inComment) {
        const end = rest.indexOf("-->");
        if (end < 0) {
          rest = "";
          break;
        }
        rest = rest.slice(end + 3);
        inComment = false;
      } else {
        const start2 = rest.indexOf("<!--");
        if (start2 < 0) {
          text2 += rest;
          break;
        }
        text2 += rest.slice(0, start2);
        rest = rest.slice(start2 + 2);
        inComment = true;
      }
    }
    const open2 = FENCE.exec(text2);
    const marker2 = open2?.[1];
    if (marker2 && !(marker2[0] === "`" && (open2[2] ?? "").includes("`"))) {
      fence = { char: marker2[0], length: marker2.length };
      return;
    }
    if (/^\s*>/.test(text2)) return;
    visible.push({ line: index + 1, text: text2 });
  });
  return visible;
}

// src/engine/commands/parse-commands.ts
var COMMAND_LINE = /^\s*\/mol(?=\s|$)(.*)$/i;
var VAR_KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
var RESET_FLAGS = ["--force"];
var accept = (value) => ({ ok: true, value });
var fail3 = (code, message, suggestion) => ({
  ok: false,
  error: suggestion === void 0 ? { code, message } : { code, message, suggestion }
});
function parseCommands(commentBody) {
  const commands = [];
  for (const { line, text: text2 } of visibleLines(commentBody)) {
    const match = COMMAND_LINE.exec(text2);
    if (!match) continue;
    const at = { line, text: text2.trim() };
    const parsed = parseArgs(new Cursor(match[1] ?? ""));
    commands.push(parsed.ok ? { ...at, ...parsed.value } : { ...at, ...parsed.error });
  }
  return commands;
}
function parseArgs(args) {
  const first = args.next();
  if (!first.ok) return first;
  if (!first.value) return accept({ verb: "help" });
  const verb = first.value.value.toLowerCase();
  if (!isVerb(verb)) {
    const guess = didYouMean2(verb, COMMAND_VERBS);
    const typed = `/mol ${truncate(first.value.value, 40)}`;
    return guess ? fail3("unknown-command", `unknown command "${typed}" \u2014 did you mean "/mol ${guess}"?`, `/mol ${guess}`) : fail3("unknown-command", `unknown command "${typed}"; "/mol help" lists the commands`);
  }
  switch (verb) {
    case "status":
    case "burn": {
      const end = args.end(verb);
      return end.ok ? accept({ verb }) : end;
    }
    case "help": {
      const topic = args.optional(verb);
      if (!topic.ok) return topic;
      return accept(topic.value === void 0 ? { verb } : { verb, topic: topic.value });
    }
    case "retry":
    case "skip":
    case "approve": {
      const step = args.required(verb, "step");
      if (!step.ok) return step;
      const end = args.end(verb);
      return end.ok ? accept({ verb, step: step.value }) : end;
    }
    case "rollback": {
      const step = args.optional(verb);
      if (!step.ok) return step;
      return accept(step.value === void 0 ? { verb } : { verb, step: step.value });
    }
    case "done": {
      const step = args.required(verb, "step");
      if (!step.ok) return step;
      const note = args.rest();
      return accept(note === void 0 ? { verb, step: step.value } : { verb, step: step.value, note });
    }
    case "fail": {
      const step = args.required(verb, "step");
      if (!step.ok) return step;
      const reason = args.rest();
      return reason === void 0 ? missing(verb, "reason") : accept({ verb, step: step.value, reason });
    }
    case "squash": {
      const summary = args.rest();
      return accept(summary === void 0 ? { verb } : { verb, summary });
    }
    case "pour":
      return parsePour(args);
    case "reset":
      return parseReset(args);
  }
}
function parsePour(args) {
  const formula = args.next();
  if (!formula.ok) return formula;
  if (!formula.value || !formula.value.quoted && formula.value.value.includes("="))
    return missing("pour", "formula");
  const vars = {};
  for (; ; ) {
    const token = args.next();
    if (!token.ok) return token;
    if (!token.value) break;
    const word = token.value.value;
    const eq = word.indexOf("=");
    const key = eq < 0 ? "" : word.slice(0, eq);
    if (!VAR_KEY.test(key)) {
      return fail3(
        "bad-argument",
        `${quoted(word)} is not a variable: give variables as key=value (quote values with spaces: key="a b") \u2014 usage: ${COMMAND_USAGE.pour.usage}`
      );
    }
    if (Object.hasOwn(vars, key)) return fail3("bad-argument", `variable ${quoted(key)} is given twice`);
    vars[key] = word.slice(eq + 1);
  }
  return accept({ verb: "pour", formula: formula.value.value, vars });
}
function parseReset(args) {
  let force = false;
  for (; ; ) {
    const token = args.next();
    if (!token.ok) return token;
    if (!token.value) return accept({ verb: "reset", force });
    const word = token.value.value;
    if (word === "--force") {
      force = true;
      continue;
    }
    const guess = word.startsWith("-") ? didYouMean2(word, RESET_FLAGS) : void 0;
    return fail3(
      "unexpected-argument",
      `unexpected ${quoted(word)} after /mol reset${guess ? ` \u2014 did you mean "${guess}"?` : ""} \u2014 usage: ${COMMAND_USAGE.reset.usage}`,
      guess ? `/mol reset ${guess}` : void 0
    );
  }
}
function missing(verb, what) {
  return fail3("missing-argument", `"/mol ${verb}" needs a <${what}> \u2014 usage: ${COMMAND_USAGE[verb].usage}`);
}
function quoted(word) {
  return `"${truncate(word, 40)}"`;
}
function isVerb(word) {
  return COMMAND_VERBS.includes(word);
}
var Cursor = class {
  constructor(text2) {
    this.text = text2;
  }
  text;
  pos = 0;
  next() {
    const token = nextToken(this.text, this.pos);
    if (!token.ok) return fail3("unterminated-quote", `${token.error.message}: add the closing quote`);
    if (token.value) this.pos = token.value.end;
    return token;
  }
  required(verb, what) {
    const token = this.next();
    if (!token.ok) return token;
    return token.value ? accept(token.value.value) : missing(verb, what);
  }
  /** One optional word and nothing after it. */
  optional(verb) {
    const token = this.next();
    if (!token.ok) return token;
    const end = this.end(verb);
    return end.ok ? accept(token.value?.value) : end;
  }
  end(verb) {
    const extra = this.next();
    if (!extra.ok) return extra;
    if (!extra.value) return accept(void 0);
    return fail3(
      "unexpected-argument",
      `unexpected ${quoted(extra.value.value)} after /mol ${verb} \u2014 usage: ${COMMAND_USAGE[verb].usage}`
    );
  }
  /**
   * The rest of the line as written (a note, a reason, a summary), or undefined when empty. A
   * rest that is one quoted word is unquoted, so `"  spaced  "` keeps its spaces.
   */
  rest() {
    const raw = this.text.slice(this.pos).trim();
    if (raw === "") return void 0;
    const token = nextToken(raw, 0);
    if (token.ok && token.value?.quoted && token.value.start === 0 && token.value.end === raw.length) {
      return token.value.value;
    }
    return raw;
  }
};

// src/github/reactions.ts
async function react(octokit, repo, commentId, content) {
  const { status: status2 } = await octokit.request(
    "POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions",
    {
      ...repo,
      comment_id: commentId,
      content
    }
  );
  return status2 === 201;
}

// src/handlers/reply-marker.ts
var MARKER = /<!-- molecular:reply-to (\d+) -->/;
function replyMarker(commentId) {
  return `<!-- molecular:reply-to ${commentId} -->`;
}
function repliedTo(body) {
  const match = MARKER.exec(body);
  return match ? Number(match[1]) : void 0;
}

// src/handlers/issue-molecules.ts
async function moleculesOnIssue(ctx, issue2) {
  let comments;
  try {
    comments = await listIssueComments(ctx.octokit, ctx.repo, issue2);
  } catch (error2) {
    if (httpStatus(error2) === 404 || httpStatus(error2) === 410)
      return { live: [], rejected: [], answered: /* @__PURE__ */ new Set() };
    throw error2;
  }
  const classified = classifyComments(comments, {
    writers: ctx.identity.trusted,
    ...ctx.stateKey ? { key: ctx.stateKey } : {},
    editWindowMs: DEFAULT_EDIT_WINDOW_MS
  });
  for (const r of classified.rejected) {
    ctx.log.warn(`${r.error.code}: ${r.error.message}`);
    ctx.onRejectedState?.(r.comment, r.error);
  }
  const live = classified.found.flatMap((f) => f.kind === "state" ? [{ mol: f.mol, commentId: f.comment.id }] : []).sort((a, b) => b.mol.createdAt.localeCompare(a.mol.createdAt) || b.commentId - a.commentId);
  const self = ctx.identity.login.toLowerCase();
  const answered = new Set(
    comments.filter((c) => c.author.toLowerCase() === self).map((c) => repliedTo(c.body)).filter((id) => id !== void 0)
  );
  return { live, rejected: classified.rejected, answered };
}

// src/handlers/pull-head.ts
function headOf(pull) {
  const own2 = pull.head.repo?.full_name?.toLowerCase() === pull.base.repo.full_name.toLowerCase();
  if (!own2) {
    return `pull request #${pull.number} comes from a fork (${pull.head.repo?.full_name ?? "a deleted repository"}); Molecular never runs steps from a fork's code`;
  }
  return { number: pull.number, headRef: pull.head.ref, headSha: pull.head.sha };
}
async function fetchPullHead(ctx, number4) {
  const { data } = await ctx.octokit.request("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
    ...ctx.repo,
    pull_number: number4
  });
  return headOf(data);
}

// src/handlers/describe-error.ts
function describeError(error2) {
  const all = error2.diagnostics?.filter((d) => d.severity === "error") ?? [];
  if (all.length <= 1) return error2.file ? `\`${formatDiagnostic(error2)}\`` : error2.message;
  return [
    `${all.length} problems:`,
    ...all.map((d) => `  - ${d.file ? `\`${formatDiagnostic(d)}\`` : d.message}`)
  ].join("\n");
}

// src/handlers/mol-vars.ts
var import_yaml2 = __toESM(require_dist(), 1);
var BLOCK2 = /^[ \t]{0,3}(`{3,}|~{3,})[ \t]*mol-vars[ \t]*\r?\n([\s\S]*?)^[ \t]{0,3}\1[ \t]*$/m;
var TOML_LINE = /^\s*[\w."'-]+\s*=/m;
var KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
function parseMolVars(body) {
  const match = BLOCK2.exec(body ?? "");
  if (!match) return ok({});
  const text2 = (match[2] ?? "").replace(/\r\n?/g, "\n");
  if (text2.trim() === "") return ok({});
  const asToml = TOML_LINE.test(text2);
  let data;
  try {
    data = asToml ? parse3(text2) : (0, import_yaml2.parse)(text2);
  } catch (error2) {
    const first = (error2.message ?? String(error2)).split("\n")[0];
    return err("vars-invalid", `the \`mol-vars\` block is not valid ${asToml ? "TOML" : "YAML"}: ${first}`);
  }
  if (data === null || data === void 0) return ok({});
  if (typeof data !== "object" || Array.isArray(data)) {
    return err(
      "vars-invalid",
      'the `mol-vars` block must hold `name = "value"` lines (TOML) or `name: value` lines (YAML)'
    );
  }
  const vars = {};
  for (const [key, value] of Object.entries(data)) {
    if (!KEY.test(key))
      return err("vars-invalid", `"${key}" in the \`mol-vars\` block is not a variable name`);
    if (typeof value === "string") vars[key] = value;
    else if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
      vars[key] = String(value);
    else if (value instanceof Date) vars[key] = value.toISOString();
    else
      return err(
        "vars-invalid",
        `variable "${key}" in the \`mol-vars\` block must be one value, not a list or a table`
      );
  }
  return ok(vars);
}

// src/handlers/pour-on-issue.ts
import { createHash as createHash2 } from "node:crypto";

// src/engine/ops/pour.ts
function pour(proto, opts) {
  const index = indexProto(proto);
  if (!index.ok) return index;
  if (!MoleculeSchema.shape.id.safeParse(opts.id).success) {
    return err(
      "invalid-id",
      `"${opts.id}" cannot be a molecule id: use letters, digits, ".", "_" and "-", starting with a letter or digit`
    );
  }
  if (proto.steps.length === 0) return err("empty-proto", `formula "${proto.formula}" has no steps to pour`);
  const kind = opts.kind ?? "mol";
  const at = opts.now.toISOString();
  const poured = {
    v: 1,
    id: opts.id,
    title: opts.title ?? proto.formula,
    formula: opts.formula,
    vars: opts.vars,
    kind,
    status: "pending",
    subject: opts.subject ?? {},
    base: opts.base ?? { ref: "HEAD" },
    execution: proto.execution,
    rev: 0,
    createdAt: at,
    updatedAt: at,
    steps: freshSteps(proto),
    history: [
      {
        at,
        event: kind === "wisp" ? "wisp" : "pour",
        to: "pending",
        note: `formula "${opts.formula.name}"`,
        ...opts.by === void 0 ? {} : { by: opts.by }
      }
    ]
  };
  if (kind === "wisp" && opts.ttlMs !== void 0) {
    poured.expiresAt = new Date(opts.now.getTime() + opts.ttlMs).toISOString();
  }
  const d = new Draft(proto, index.value, poured, opts.now);
  d.emit({ type: "labels", add: ["molecule:active"], remove: [] });
  advance(d, poured.steps.keys());
  settle2(d);
  const { mol, effects } = d.build();
  return { ok: true, value: { mol: { ...mol, rev: 0 }, effects } };
}

// src/handlers/pour-formula.ts
async function loadPourFormula(ctx, name) {
  const checked = checkFormulaName(name);
  if (!checked.ok) return checked;
  const branch = await defaultBranch(ctx);
  const dir = ctx.config.formulas_path;
  const path = `${dir}/${name}.formula.toml`;
  const file2 = await readRepoFile(ctx.octokit, ctx.repo, path, branch);
  if (!file2.ok) return file2;
  if (file2.value) {
    const parsed = parseFormula(file2.value.text, path, "toml");
    if (!parsed.ok) return parsed;
    if (referencedFormulas(parsed.value).length === 0) {
      const pin = { path, blobSha: file2.value.sha };
      return ok({
        root: parsed.value,
        ref: { name, source: pin },
        library: new GitHubFormulaLibrary(/* @__PURE__ */ new Map([[name, { parsed: parsed.value, pin }]]))
      });
    }
  }
  const loaded = await loadFormulaLibrary(ctx.octokit, ctx.repo, name, {
    defaultBranch: branch,
    formulasPath: dir,
    builtin: ctx.builtin ?? packageBuiltins
  });
  if (!loaded.ok && loaded.error.code === "unknown-formula") {
    const builtins = ctx.builtin ? [] : builtinNames();
    const known = builtins.length > 0 ? `; the built-ins are ${builtins.join(", ")}` : "";
    return err("unknown-formula", `${loaded.error.message}${known}. Add ${path} on ${branch} to pour it.`);
  }
  return loaded;
}

// src/handlers/pour-on-issue.ts
async function pourOnIssue(ctx, store, request) {
  const running = request.existing?.find(
    (m) => m.formula.name === request.formula && LIVE_MOLECULE_STATUSES.has(m.status)
  );
  if (running) {
    return err(
      "already-running",
      `formula "${request.formula}" is already running here as molecule \`${running.id}\` (${running.status.replace("_", " ")}); squash or burn it before pouring it again`
    );
  }
  const loaded = await loadPourFormula(ctx, request.formula);
  if (!loaded.ok) return loaded;
  const { root, library, ref } = loaded.value;
  const first = cook(root, { vars: request.vars, library });
  if (!first.ok) return first;
  const bound = bindVars(first.value.proto.vars, request.vars);
  if (!bound.ok) return bound;
  const cooked = cook(root, { vars: bound.value, library });
  if (!cooked.ok) return cooked;
  const proto = cooked.value.proto;
  const id = moleculeIdFor(request.issue, suffixOf(request.idempotencyKey));
  const base = request.pr ? { ref: request.pr.headRef, sha: request.pr.headSha } : { ref: await defaultBranch(ctx) };
  const poured = pour(withRetries(proto, ctx.config.default_retries), {
    id,
    now: ctx.now(),
    vars: bound.value,
    formula: ref,
    title: proto.formula,
    by: request.by,
    base,
    subject: {
      repo: repoSlug(ctx.repo),
      issue: request.issue,
      ...request.pr ? { pr: request.pr.number } : {}
    }
  });
  if (!poured.ok) return poured;
  rememberProto(ctx, poured.value.mol, proto);
  const created = await store.create(poured.value.mol);
  const full = withRetries(proto, ctx.config.default_retries);
  if (!created.ok) {
    if (created.error.code !== "exists") return created;
    ctx.log.info(`molecule ${id} exists already: request ${request.idempotencyKey} was handled before`);
    const outcome2 = { mol: poured.value.mol, notices: [], problems: [], dispatched: [] };
    return ok({ mol: poured.value.mol, proto: full, outcome: outcome2, existed: true });
  }
  const problems = [];
  if (ctx.config.step_issues) {
    try {
      await createStepIssues(ctx, created.value, proto);
    } catch (error2) {
      problems.push(`the step sub-issues could not be created: ${error2.message}`);
    }
  }
  const effects = poured.value.effects.filter((e) => e.type !== "labels");
  const outcome = await applyEffects(ctx, store, created.value, full, effects);
  outcome.problems.unshift(...problems);
  return ok({ mol: outcome.mol, proto: full, outcome, existed: false });
}
function suffixOf(key) {
  return createHash2("sha256").update(key).digest("hex").slice(0, 6);
}

// src/handlers/run-command.ts
var done = (text2) => text2 === void 0 ? { ok: true } : { ok: true, text: text2 };
var refuse2 = (text2) => ({ ok: false, text: text2 });
async function runCommand(scene, command) {
  switch (command.verb) {
    case "help":
      return done(helpText(scene.table));
    case "status":
      return status(scene);
    case "pour":
      return pourCommand(scene, command);
    default:
      return changeCommand(scene, command);
  }
}
function helpText(table) {
  const rows = COMMAND_VERBS.map((verb) => {
    const who = verb === "reset" ? `${table.reset}; \`--force\`: ${table["reset --force"]}` : table[verb];
    return `| \`${COMMAND_USAGE[verb].usage}\` | ${COMMAND_USAGE[verb].summary} | ${who} |`;
  });
  return ["| command | what it does | least permission |", "|---|---|---|", ...rows].join("\n");
}
async function status(scene) {
  const { live } = scene.molecules;
  if (live.length === 0) return done(noMolecule(scene));
  const views = [];
  for (const { mol } of live.slice(0, 3)) {
    const proto = await loadProto(scene.ctx, mol);
    views.push(renderView(mol, proto.ok ? proto.value : void 0));
  }
  if (live.length > 3) views.push(`_\u2026and ${live.length - 3} more molecules on this issue._`);
  return done(views.join("\n\n"));
}
async function pourCommand(scene, command) {
  const fromBody = parseMolVars(scene.issueBody);
  if (!fromBody.ok) return refuse2(quiet(fromBody.error.message));
  let pr;
  if (scene.pullHead) {
    const head = await scene.pullHead();
    if (typeof head === "string") return refuse2(head);
    pr = head;
  }
  const poured = await pourOnIssue(scene.ctx, scene.store, {
    issue: scene.issue,
    ...pr ? { pr } : {},
    formula: command.formula,
    vars: { ...fromBody.value, ...command.vars },
    by: scene.login,
    idempotencyKey: `comment ${scene.commentId} line ${command.line}`,
    existing: scene.molecules.live.map((x) => x.mol)
  });
  if (!poured.ok)
    return refuse2(`could not pour \`${command.formula}\`: ${quiet(describeError(poured.error))}`);
  if (!poured.value.existed) scene.molecules.live.unshift({ mol: poured.value.mol, commentId: 0 });
  return outcomeText(poured.value.outcome.notices, poured.value.outcome.problems);
}
async function changeCommand(scene, command) {
  const { ctx } = scene;
  const step = "step" in command ? command.step : void 0;
  const target = pickTarget(scene.molecules.live, step);
  if (!target) return refuse2(noMolecule(scene));
  const proto = await loadProto(ctx, target.mol);
  if (!proto.ok) return refuse2(quiet(proto.error.message));
  if (command.verb === "approve") {
    const def = proto.value.steps.find((s) => s.id === command.step);
    const gate = def?.gates.find((g) => g.type === "approval");
    if (gate?.type === "approval") {
      const required2 = stricter(gate.permission, requiredPermission(command, scene.table));
      if (!permissionAtLeast(scene.level, required2)) {
        return refuse2(
          permissionRefusal(`approving step \`${command.step}\``, required2, scene.level, repoSlug(ctx.repo))
        );
      }
    }
  }
  const event = eventOf(command, scene.login);
  const change = await changeMolecule(scene.store, proto.value, target.mol.id, event, ctx.now(), {
    key: `comment ${scene.commentId} line ${command.line}`,
    by: scene.login,
    text: command.text
  });
  if (!change.ok) return refuse2(refusalText(change.error, target.mol, step));
  if (change.value.duplicate) return done();
  track(scene.molecules, change.value.mol);
  const siblings = scene.molecules.live.map((x) => x.mol);
  const outcome = await applyEffects(ctx, scene.store, change.value.mol, proto.value, change.value.effects, {
    siblings
  });
  track(scene.molecules, outcome.mol);
  return outcomeText(outcome.notices, outcome.problems);
}
function eventOf(command, by) {
  switch (command.verb) {
    case "done":
      return { type: "complete", step: command.step, by };
    case "fail":
      return { type: "fail", step: command.step, error: command.reason, by };
    case "retry":
      return { type: "retry", step: command.step, by };
    case "skip":
      return { type: "skip", step: command.step, by };
    case "approve":
      return { type: "approve", step: command.step, by };
    case "rollback":
      return command.step === void 0 ? { type: "rollback", by } : { type: "rollback", step: command.step, by };
    case "squash":
      return command.summary === void 0 ? { type: "squash", by } : { type: "squash", summary: command.summary, by };
    case "burn":
      return { type: "burn", by };
    case "reset":
      return command.force ? { type: "force-reset", by } : { type: "reset", by };
  }
}
function pickTarget(live, step) {
  if (step !== void 0) {
    const having = live.find((x) => x.mol.steps.some((s) => s.id === step));
    if (having) return having;
  }
  return live[0];
}
function track(molecules, mol) {
  const at = molecules.live.findIndex((x) => x.mol.id === mol.id);
  if (at < 0) return;
  if (mol.status === "squashed" || mol.status === "burned") molecules.live.splice(at, 1);
  else molecules.live[at] = { mol, commentId: molecules.live[at]?.commentId ?? 0 };
}
function refusalText(error2, mol, step) {
  if (error2.code === "unknown-step" && step !== void 0) {
    const guess = didYouMean2(
      step,
      mol.steps.map((s) => s.id)
    );
    if (guess) return quiet(`${error2.message} \u2014 did you mean "${guess}"?`);
  }
  return quiet(error2.message);
}
function noMolecule(scene) {
  const ignored2 = scene.molecules.rejected.map(
    (r) => `
- comment #${r.comment.id} looks like one but was ignored: ${quiet(r.error.message)}`
  );
  return `there is no molecule on this issue: label it \`${scene.ctx.config.label_prefix}<formula>\` or comment \`/mol pour <formula>\` to start one.${ignored2.join("")}`;
}
function outcomeText(notices, problems) {
  const lines = [...problems.map((p) => `\u26A0\uFE0F ${quiet(p)}`), ...notices.map(quiet)];
  return lines.length === 0 ? done() : { ok: problems.length === 0, text: lines.join("\n") };
}

// src/handlers/issue-comment.ts
async function handleIssueComment(ctx) {
  const parsed = IssueCommentPayload.safeParse(ctx.payload);
  if (!parsed.success) return ignored("not an issue comment");
  const { comment, issue: issue2 } = parsed.data;
  if (parsed.data.action !== "created")
    return ignored(`comment ${parsed.data.action}: only new comments carry commands`);
  if (!comment.user || isBot(comment.user, ctx.identity.login)) return ignored("written by a bot");
  const commands = parseCommands(comment.body ?? "");
  if (commands.length === 0) return ignored("no /mol command");
  const login = comment.user.login;
  const fresh = await react(ctx.octokit, ctx.repo, comment.id, "eyes");
  const wantsState = commands.some((c) => !isCommandError(c) && c.verb !== "help");
  const molecules = wantsState || !fresh ? await moleculesOnIssue(ctx, issue2.number) : { live: [], rejected: [], answered: /* @__PURE__ */ new Set() };
  if (!fresh && molecules.answered.has(comment.id))
    return ignored(`comment ${comment.id} was answered already`);
  const table = permissionTable(ctx);
  const level = commands.some((c) => !isCommandError(c)) ? await levelOf(ctx, login) : "none";
  const scene = {
    ctx,
    store: openStore(ctx),
    issue: issue2.number,
    login,
    level,
    table,
    commentId: comment.id,
    issueBody: issue2.body,
    molecules,
    ...issue2.pull_request ? { pullHead: () => fetchPullHead(ctx, issue2.number) } : {}
  };
  const sections = [];
  let allOk = true;
  for (const command of commands) {
    if (isCommandError(command)) {
      allOk = false;
      sections.push(section(command.text, quiet(command.message)));
      continue;
    }
    const required2 = requiredPermission(command, table);
    if (!permissionAtLeast(level, required2)) {
      allOk = false;
      sections.push(
        section(
          command.text,
          permissionRefusal(codeSpan(verbText(command)), required2, level, repoSlug(ctx.repo))
        )
      );
      continue;
    }
    try {
      const outcome = await runCommand(scene, command);
      if (!outcome.ok) allOk = false;
      if (outcome.text) sections.push(section(command.text, outcome.text));
    } catch (error2) {
      allOk = false;
      const sentence = `GitHub answered ${httpStatus(error2) ?? "nothing"}: ${httpMessage(error2)}; try again`;
      ctx.log.warn(`${command.text}: ${sentence}`);
      sections.push(section(command.text, quiet(sentence)));
    }
  }
  await react(ctx.octokit, ctx.repo, comment.id, allOk ? "rocket" : "confused");
  if (sections.length > 0) {
    await reply(
      ctx.octokit,
      ctx.repo,
      issue2.number,
      `@${login}

${sections.join("\n\n")}

${replyMarker(comment.id)}`
    );
  }
  const summary = commands.map((c) => c.text).join("; ");
  return allOk ? applied(summary) : refused(summary);
}
function verbText(command) {
  return command.verb === "reset" && command.force ? "/mol reset --force" : `/mol ${command.verb}`;
}
function section(commandText, text2) {
  return text2.includes("\n") ? `${codeSpan(commandText)}

${text2}` : `${codeSpan(commandText)} \u2014 ${text2}`;
}

// src/handlers/issues-labeled.ts
var VAR_CODES = /* @__PURE__ */ new Set(["missing-var", "unknown-var", "var-enum", "var-pattern", "vars-invalid"]);
async function handleLabeled(ctx) {
  const event = readLabeled(ctx);
  if (!event) return ignored("not a labeled issue or pull request");
  const prefix = ctx.config.label_prefix;
  if (!event.label.startsWith(prefix)) return ignored(`label "${event.label}" is not a formula label`);
  const formula = event.label.slice(prefix.length).trim();
  const say = (text2) => reply(ctx.octokit, ctx.repo, event.number, `@${event.sender.login} ${text2}`);
  const what = `could not pour ${codeSpan(formula || event.label)} (label ${codeSpan(event.label)})`;
  if (!isBot(event.sender, ctx.identity.login)) {
    const required2 = permissionTable(ctx).pour;
    const level = await levelOf(ctx, event.sender.login);
    if (!permissionAtLeast(level, required2)) {
      await say(`${what}: ${permissionRefusal("pouring a formula", required2, level, repoSlug(ctx.repo))}.`);
      return refused(`${event.sender.login} may not pour`);
    }
  }
  let pr;
  if (event.pr) {
    const head = await event.pr();
    if (typeof head === "string") {
      await say(`${what}: ${head}.`);
      return refused(head);
    }
    pr = head;
  }
  const vars = parseMolVars(event.body);
  if (!vars.ok) {
    await say(`${what}: ${quiet(vars.error.message)}.${varsHint()}`);
    return refused(vars.error.message);
  }
  const existing = event.labels.includes(STATE_LABELS.active.name) ? (await moleculesOnIssue(ctx, event.number)).live.map((x) => x.mol) : void 0;
  const poured = await pourOnIssue(ctx, openStore(ctx), {
    issue: event.number,
    ...pr ? { pr } : {},
    formula,
    vars: vars.value,
    by: event.sender.login,
    idempotencyKey: `delivery ${ctx.deliveryId}`,
    ...existing ? { existing } : {}
  });
  if (!poured.ok) {
    const hint = VAR_CODES.has(poured.error.code) ? varsHint() : "";
    await say(`${what}: ${quiet(describeError(poured.error))}${hint}`);
    return refused(poured.error.message);
  }
  const { mol, outcome, existed } = poured.value;
  if (existed) return ignored(`molecule ${mol.id} was poured by an earlier delivery`);
  if (outcome.problems.length > 0) {
    await say(
      `molecule ${codeSpan(mol.id)} was poured, but:
${outcome.problems.map((p) => `- \u26A0\uFE0F ${quiet(p)}`).join("\n")}`
    );
  }
  return applied(
    `poured ${formula} as ${mol.id}${outcome.dispatched.length ? `; started ${outcome.dispatched.join(", ")}` : ""}`
  );
}
function varsHint() {
  return '\n\nGive variables in a fenced block in the description, then remove and add the label again:\n\n````\n```mol-vars\nname = "value"\n```\n````';
}
function readLabeled(ctx) {
  const pull = LabeledPullPayload.safeParse(ctx.payload);
  if (pull.success) {
    const p = pull.data.pull_request;
    return {
      label: pull.data.label.name,
      number: p.number,
      body: p.body,
      labels: (p.labels ?? []).map((l) => l.name),
      sender: pull.data.sender,
      pr: async () => headOf(p)
    };
  }
  const issue2 = LabeledIssuePayload.safeParse(ctx.payload);
  if (!issue2.success) return void 0;
  const i = issue2.data.issue;
  return {
    label: issue2.data.label.name,
    number: i.number,
    body: i.body,
    labels: (i.labels ?? []).map((l) => l.name),
    sender: issue2.data.sender,
    ...i.pull_request ? { pr: () => fetchPullHead(ctx, i.number) } : {}
  };
}

// src/handlers/tell-problems.ts
async function tellProblems(ctx, mol, problems) {
  const issue2 = mol.subject.issue ?? mol.subject.pr;
  for (const problem of problems) ctx.log.warn(`${mol.id}: ${problem}`);
  if (issue2 === void 0 || problems.length === 0) return;
  await reply(
    ctx.octokit,
    ctx.repo,
    issue2,
    `Molecule ${codeSpan(mol.id)} needs attention:
${problems.map((p) => `- \u26A0\uFE0F ${quiet(p)}`).join("\n")}`
  );
}

// src/handlers/pull-request-closed.ts
async function handlePullRequestClosed(ctx) {
  const parsed = PullClosedPayload.safeParse(ctx.payload);
  if (!parsed.success) return ignored("not a closed pull request");
  const { number: number4, merged } = parsed.data.pull_request;
  const burn2 = !merged && ctx.config.on_pr_closed === "burn";
  const { live } = await moleculesOnIssue(ctx, number4);
  if (live.length === 0) return ignored(`#${number4} has no molecule`);
  const store = openStore(ctx);
  const done2 = [];
  for (const { mol } of live) {
    const events = burn2 ? [{ type: "burn", by: `#${number4} closed` }] : mol.steps.filter(
      (s) => s.status === "awaiting_gate" && s.gates?.some((g) => g.type === "pr-merged" && g.passed === null)
    ).map((s) => ({
      type: "gates",
      step: s.id,
      gates: [
        {
          type: "pr-merged",
          passed: merged === true,
          detail: merged ? `#${number4} was merged` : `#${number4} was closed without merging`
        }
      ]
    }));
    for (const event of events) {
      const result = await applyToMolecule(ctx, store, mol.id, event);
      if (!result.ok) {
        ctx.log.warn(`${mol.id}: ${event.type}: ${result.error.message}`);
        continue;
      }
      done2.push(`${event.type} ${mol.id}${"step" in event ? `/${event.step}` : ""}`);
      if (result.value.outcome)
        await tellProblems(ctx, result.value.outcome.mol, result.value.outcome.problems);
    }
  }
  return done2.length > 0 ? applied(done2.join("; ")) : ignored(`nothing on #${number4} waits for it to close`);
}

// src/handlers/repository-dispatch.ts
async function handleRepositoryDispatch(ctx) {
  const parsed = RepositoryDispatchPayload.safeParse(ctx.payload);
  if (!parsed.success) return ignored("not a repository dispatch");
  if (parsed.data.action !== STEP_REPORT_EVENT)
    return ignored(`dispatch "${parsed.data.action}" is not a step report`);
  const report = StepReportSchema.safeParse(parsed.data.client_payload);
  if (!report.success) {
    const issue2 = report.error.issues[0];
    const detail = `the step report is invalid at ${issue2?.path.join(".") || "(root)"}: ${issue2?.message}`;
    ctx.log.warn(detail);
    return refused(detail);
  }
  const done2 = await applyToMolecule(
    ctx,
    openStore(ctx),
    report.data.molecule,
    (mol) => reportEvent(report.data, mol)
  );
  if (!done2.ok) {
    ctx.log.warn(`step report ${report.data.molecule}/${report.data.step}: ${done2.error.message}`);
    return refused(done2.error.message);
  }
  const { change, outcome } = done2.value;
  if (outcome) await tellProblems(ctx, outcome.mol, outcome.problems);
  const next = outcome?.dispatched.length ? `; started ${outcome.dispatched.join(", ")}` : "";
  return applied(
    `${report.data.event} ${report.data.molecule}/${report.data.step}${change.changed ? "" : " (no change)"}${next}`
  );
}

// src/handlers/workflow-run.ts
var RUN_NAME = /^molecular (\S+) \/ (\S+)$/;
function parseStepRunName(title) {
  const match = RUN_NAME.exec(title?.trim() ?? "");
  return match ? { molId: match[1], step: match[2] } : void 0;
}
async function handleWorkflowRun(ctx) {
  const parsed = WorkflowRunPayload.safeParse(ctx.payload);
  if (!parsed.success) return ignored("not a workflow run");
  const run = parsed.data.workflow_run;
  if (parsed.data.action !== "completed") return ignored(`workflow run ${parsed.data.action}`);
  const path = run.path?.replace(/@.*$/, "") ?? "";
  if (!path.endsWith(`/${ctx.config.step_workflow}`) && path !== ctx.config.step_workflow) {
    return ignored(`${path || "the workflow"} is not the step workflow`);
  }
  const runId = String(run.id);
  const store = openStore(ctx);
  const named = parseStepRunName(run.display_title);
  const held = named ? [named] : await heldBy(store, runId);
  if (held.length === 0) return ignored(`no step is held by run ${runId}`);
  const results = [];
  let anyApplied = false;
  for (const { molId, step } of held) {
    const done2 = await applyToMolecule(ctx, store, molId, (mol) => {
      const state = mol.steps.find((s) => s.id === step);
      if (state?.status !== "in_progress" || state.lease?.runId !== runId) {
        return err("reported", `step "${step}" is not held by run ${runId} any more`);
      }
      return ok({
        type: "fail",
        step,
        by: `run ${runId}`,
        error: `the step job (run ${runId}) ended ${run.conclusion ?? "without a conclusion"} without reporting`
      });
    });
    if (!done2.ok) {
      results.push(`${molId}/${step}: ${done2.error.message}`);
      continue;
    }
    anyApplied = true;
    results.push(`${molId}/${step} failed`);
    if (done2.value.outcome) await tellProblems(ctx, done2.value.outcome.mol, done2.value.outcome.problems);
  }
  return anyApplied ? applied(results.join("; ")) : ignored(results.join("; "));
}
async function heldBy(store, runId) {
  const live = await store.list({ status: ["pending", "in_progress", "paused"] });
  if (!live.ok) return [];
  return live.value.flatMap(
    (mol) => mol.steps.filter((s) => s.lease?.runId === runId).map((s) => ({ molId: mol.id, step: s.id }))
  );
}

// src/handlers/route-event.ts
var REPO_HANDLERS = {
  "issues.labeled": handleLabeled,
  "pull_request.labeled": handleLabeled,
  "issue_comment.created": handleIssueComment,
  "check_run.requested_action": handleCheckRun,
  "check_run.rerequested": handleCheckRun,
  "workflow_run.completed": handleWorkflowRun,
  "pull_request.closed": handlePullRequestClosed,
  repository_dispatch: handleRepositoryDispatch
};
var INSTALLATION_HANDLERS = {
  "installation.created": handleInstallation,
  "installation_repositories.added": handleInstallation
};
var HANDLED_EVENTS = [...Object.keys(REPO_HANDLERS), ...Object.keys(INSTALLATION_HANDLERS)];

// src/app/app-identity.ts
function slugResolver(app, configured) {
  let slug;
  return () => {
    slug ??= configured ? Promise.resolve(configured) : app.auth().then((octokit) => octokit.request("GET /app")).then(({ data }) => {
      if (!data?.slug)
        throw new Error("GitHub did not say what this App is called (GET /app has no slug)");
      return data.slug;
    }).catch((error2) => {
      slug = void 0;
      throw error2;
    });
    return slug;
  };
}
function identityOf(slug, trustedWriters) {
  return { login: `${slug}[bot]`, trusted: trustedWriters ?? defaultTrustedWriters(slug) };
}

// src/app/lock-mode.ts
function lockFor(config2) {
  return config2.lock === "none" ? "none" : "ref";
}

// src/engine/patrol.ts
function patrolDecisions(input2) {
  const now = input2.now.getTime();
  const actions = [];
  for (const { proto, mol } of input2.molecules) {
    if (FINAL_MOLECULE_STATUSES.has(mol.status)) continue;
    if (mol.kind === "wisp" && mol.expiresAt !== void 0 && Date.parse(mol.expiresAt) <= now) {
      actions.push({ type: "evaporate", molId: mol.id });
      continue;
    }
    if (mol.status !== "in_progress" && mol.status !== "pending") continue;
    const defs = new Map(proto.steps.map((s) => [s.id, s]));
    const redispatchAfter = mol.execution === "distributed" ? input2.thresholds.redispatchAfterMs : void 0;
    for (const step of mol.steps) {
      if (step.status === "ready" && redispatchAfter !== void 0) {
        const since = Math.max(readySince(mol, step.id), step.nudgedAt ? Date.parse(step.nudgedAt) : 0);
        if (now - since >= redispatchAfter) {
          actions.push({ type: "redispatch-ready", molId: mol.id, step: step.id, readyMs: now - since });
        }
        continue;
      }
      if (step.status !== "in_progress" || step.startedAt === void 0) continue;
      const ran = now - Date.parse(step.startedAt);
      const own2 = defs.get(step.id)?.timeout;
      const limit = (own2 === void 0 ? void 0 : parseDuration(own2)) ?? input2.thresholds.defaultTimeoutMs;
      if (limit !== void 0 && ran >= limit) {
        actions.push({ type: "timeout", molId: mol.id, step: step.id });
      } else if (step.lease && Date.parse(step.lease.expiresAt) <= now) {
        actions.push({ type: "expire-lease", molId: mol.id, step: step.id });
      } else if (step.lease?.runId !== void 0 && input2.liveRuns && !input2.liveRuns.has(step.lease.runId)) {
        actions.push({ type: "redispatch", molId: mol.id, step: step.id, runId: step.lease.runId });
      } else if (ran >= input2.thresholds.nudgeAfterMs && !recentlyNudged(step.nudgedAt, now, input2.thresholds.nudgeAfterMs)) {
        actions.push({ type: "nudge", molId: mol.id, step: step.id, idleMs: ran });
      }
    }
  }
  for (const lock of input2.locks ?? []) {
    if (Date.parse(lock.expiresAt) <= now) actions.push({ type: "release-lock", molId: lock.molId });
  }
  return actions;
}
function readySince(mol, stepId) {
  for (let i = mol.history.length - 1; i >= 0; i--) {
    const entry2 = mol.history[i];
    if (entry2?.step === stepId && entry2.to === "ready") return Date.parse(entry2.at);
  }
  return Date.parse(mol.updatedAt);
}
function recentlyNudged(nudgedAt, now, nudgeAfterMs) {
  return nudgedAt !== void 0 && now - Date.parse(nudgedAt) < nudgeAfterMs;
}
function toEvent(action) {
  switch (action.type) {
    case "nudge":
    case "redispatch-ready":
      return { type: "nudge", step: action.step };
    case "timeout":
      return { type: "timeout", step: action.step };
    case "redispatch":
      return { type: "release", step: action.step, runId: action.runId, by: "patrol" };
    case "expire-lease":
      return { type: "release", step: action.step, by: "patrol" };
    case "evaporate":
      return { type: "evaporate" };
    case "release-lock":
      return void 0;
  }
}

// src/github/survey.ts
var SURVEY_QUERY = `query MolecularSurvey($q: String!, $after: String) {
  search(type: ISSUE, query: $q, first: 100, after: $after) {
    issueCount
    pageInfo { hasNextPage endCursor }
    nodes {
      ... on Issue {
        number
        title
        url
        state
        labels(first: 100) { nodes { name } }
        comments(first: 100) {
          totalCount
          pageInfo { hasNextPage endCursor }
          nodes { ${COMMENT_FIELDS} }
        }
      }
      ... on PullRequest {
        number
        title
        url
        state
        labels(first: 100) { nodes { name } }
        comments(first: 100) {
          totalCount
          pageInfo { hasNextPage endCursor }
          nodes { ${COMMENT_FIELDS} }
        }
      }
    }
  }
}`;
async function surveyMolecules(octokit, repo, options) {
  const label = options.label ?? STATE_LABELS.active.name;
  const q = `repo:${repoSlug(repo)} is:open label:"${label}"`;
  const survey = { molecules: [], rejected: [], issues: 0, calls: 0 };
  let after = null;
  for (let page = 0; page < (options.maxPages ?? 50); page++) {
    const data = await octokit.graphql(SURVEY_QUERY, { q, after });
    survey.calls++;
    for (const node2 of data.search.nodes) {
      if (node2.number === void 0 || !node2.comments) continue;
      survey.issues++;
      let comments = node2.comments.nodes.map(graphqlView);
      if (node2.comments.pageInfo.hasNextPage) {
        comments = await listIssueComments(octokit, repo, node2.number);
        survey.calls += Math.max(1, Math.ceil(comments.length / 100));
      }
      const classified = classifyComments(comments, options.trust);
      survey.rejected.push(...classified.rejected);
      for (const found of classified.found) {
        if (found.kind === "state")
          survey.molecules.push({ mol: found.mol, issue: node2.number, commentId: found.comment.id });
      }
    }
    if (!data.search.pageInfo.hasNextPage || !data.search.pageInfo.endCursor) break;
    after = data.search.pageInfo.endCursor;
  }
  return survey;
}

// src/handlers/patrol.ts
var LIVE = /* @__PURE__ */ new Set(["pending", "in_progress", "paused"]);
async function runPatrol(ctx, options = {}) {
  const report = { surveyed: 0, done: [], problems: [] };
  const store = openStore(ctx);
  let survey;
  try {
    survey = await surveyMolecules(ctx.octokit, ctx.repo, {
      trust: {
        writers: ctx.identity.trusted,
        ...ctx.stateKey ? { key: ctx.stateKey } : {},
        editWindowMs: DEFAULT_EDIT_WINDOW_MS
      }
    });
  } catch (error2) {
    report.problems.push(`the survey of active molecules failed: ${error2.message}`);
    return report;
  }
  for (const rejected of survey.rejected) {
    ctx.log.warn(`${rejected.error.code}: ${rejected.error.message}`);
    ctx.onRejectedState?.(rejected.comment, rejected.error);
  }
  const molecules = [];
  for (const { mol } of survey.molecules) {
    if (!LIVE.has(mol.status)) continue;
    const proto = await loadProto(ctx, mol);
    if (proto.ok) molecules.push({ proto: proto.value, mol });
    else report.problems.push(proto.error.message);
  }
  report.surveyed = molecules.length;
  const now = ctx.now();
  const actions = patrolDecisions({
    now,
    molecules,
    thresholds: {
      nudgeAfterMs: parseDuration(ctx.config.nudge_after) ?? 2 * 36e5,
      defaultTimeoutMs: parseDuration(ctx.config.stuck_after),
      redispatchAfterMs: parseDuration(ctx.config.redispatch_after)
    },
    liveRuns: await liveRuns(ctx, molecules, options.maxRunLookups ?? 30)
  });
  for (const action of actions) await act(ctx, store, action, report);
  for (const { proto, mol } of molecules) await rejudgeGates(ctx, store, proto, mol, report);
  return report;
}
async function act(ctx, store, action, report) {
  const event = toEvent(action);
  if (!event) return;
  const label = `${action.type} ${action.molId}${"step" in action ? `/${action.step}` : ""}`;
  const result = await applyToMolecule(ctx, store, action.molId, event);
  if (!result.ok) {
    report.problems.push(`${label}: ${result.error.message}`);
    return;
  }
  if (result.value.change.changed) report.done.push(label);
  if (result.value.outcome) {
    report.problems.push(...result.value.outcome.problems);
    await tellProblems(ctx, result.value.outcome.mol, result.value.outcome.problems);
  }
}
async function rejudgeGates(ctx, store, proto, mol, report) {
  for (const step of mol.steps) {
    if (step.status !== "awaiting_gate") continue;
    const gates2 = proto.steps.find((s) => s.id === step.id)?.gates.filter((g) => APP_GATE_TYPES.has(g.type)) ?? [];
    if (gates2.length === 0) continue;
    const results = await judgeAppGates(ctx, mol, step.id, gates2);
    if (results.length === 0) continue;
    const applied2 = await applyToMolecule(ctx, store, mol.id, {
      type: "gates",
      step: step.id,
      gates: results
    });
    if (applied2.ok && applied2.value.change.changed) report.done.push(`gates ${mol.id}/${step.id}`);
    else if (!applied2.ok) report.problems.push(`gates ${mol.id}/${step.id}: ${applied2.error.message}`);
  }
}
async function liveRuns(ctx, molecules, budget) {
  const ids2 = [
    ...new Set(
      molecules.flatMap(
        ({ mol }) => mol.steps.flatMap((s) => s.status === "in_progress" && s.lease?.runId ? [s.lease.runId] : [])
      )
    )
  ];
  const alive = new Set(ids2.slice(budget));
  for (const id of ids2.slice(0, budget)) {
    if (!/^\d+$/.test(id)) {
      alive.add(id);
      continue;
    }
    try {
      const { data } = await ctx.octokit.request("GET /repos/{owner}/{repo}/actions/runs/{run_id}", {
        ...ctx.repo,
        run_id: Number(id)
      });
      if (data.status !== "completed") alive.add(id);
    } catch (error2) {
      if (httpStatus(error2) !== 404) alive.add(id);
    }
  }
  return alive;
}

// src/app/secondary-limits.ts
var HOOKED = /* @__PURE__ */ Symbol.for("molecular.secondary-limits");
var RETRIES = "molecularSecondaryRetries";
function honourSecondaryLimits(octokit, options = {}) {
  const marked = octokit;
  if (marked[HOOKED]) return;
  marked[HOOKED] = true;
  const maxRetries = options.maxRetries ?? 3;
  const maxWaitMs = options.maxWaitMs ?? 6e4;
  const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  octokit.hook.error("request", async (error2, requestOptions) => {
    const retryAfter = retryAfterOf(error2);
    const attempt2 = Number(requestOptions.request?.[RETRIES] ?? 0);
    if (retryAfter === void 0 || attempt2 >= maxRetries) throw error2;
    octokit.log.warn(
      `secondary rate limit on ${requestOptions.method} ${requestOptions.url}: retrying in ${retryAfter} s (${attempt2 + 1} of ${maxRetries})`
    );
    await sleep(Math.min(maxWaitMs, retryAfter * 1e3));
    return octokit.request({
      ...requestOptions,
      request: { ...requestOptions.request, [RETRIES]: attempt2 + 1 }
    });
  });
}
function retryAfterOf(error2) {
  const status2 = httpStatus(error2);
  if (status2 !== 403 && status2 !== 429) return void 0;
  const headers = error2.response?.headers ?? {};
  const header = headers["retry-after"];
  const secondary = /secondary rate limit/i.test(httpMessage(error2));
  if (!secondary && String(headers["x-ratelimit-remaining"] ?? "") === "0") return void 0;
  if (header === void 0 && !secondary) return void 0;
  const seconds = Number(header ?? 60);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : 60;
}

// src/app/patrol-timer.ts
function startPatrolTimer(options) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    patrolAll(options).catch((error2) => options.app.log.error(`patrol: ${error2.message}`)).finally(() => {
      running = false;
    });
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
async function patrolAll(options) {
  const { app } = options;
  const slug = await options.slugOf();
  for (const { repo, installationId } of options.seen.list()) {
    const where3 = repoSlug(repo);
    try {
      const octokit = await app.auth(installationId);
      honourSecondaryLimits(octokit);
      const config2 = await options.configs.forOctokit(octokit, repo);
      if (!config2.ok) {
        app.log.warn(`patrol ${where3}: ${config2.error.message}`);
        continue;
      }
      const log = app.log.child({ name: "molecular-patrol", repo: where3 });
      const ctx = {
        octokit,
        repo,
        payload: {},
        deliveryId: `patrol ${options.now().toISOString()}`,
        log: {
          debug: (m) => log.debug(m),
          info: (m) => log.info(m),
          warn: (m) => log.warn(m),
          error: (m) => log.error(m)
        },
        identity: identityOf(slug, config2.value.trusted_writers),
        now: options.now,
        config: config2.value,
        ...options.stateKey ? { stateKey: options.stateKey } : {},
        lock: lockFor(config2.value)
      };
      const report = await runPatrol(ctx);
      if (report.done.length > 0 || report.problems.length > 0) {
        log.info(
          `patrol: ${report.surveyed} molecules; done: ${report.done.join(", ") || "nothing"}; problems: ${report.problems.join("; ") || "none"}`
        );
      }
    } catch (error2) {
      app.log.warn(`patrol ${where3}: ${error2.message}`);
    }
  }
}

// src/app/repo-config.ts
var CONFIG_FILE = "molecular.yml";
var RepoConfigs = class {
  constructor(ttlMs, now) {
    this.ttlMs = ttlMs;
    this.now = now;
  }
  ttlMs;
  now;
  cache = new BoundedCache(1e3);
  /** From a webhook's context. */
  forContext(context, repo) {
    return this.cached(repo, () => context.config(CONFIG_FILE));
  }
  /** From an installation client (the patrol timer has no webhook context). */
  forOctokit(octokit, repo) {
    return this.cached(repo, async () => {
      const { config: config2, files } = await octokit.config.get({ ...repo, path: CONFIG_PATH });
      return files.some((f) => f.config !== null) ? config2 : null;
    });
  }
  async cached(repo, read) {
    const key = `${repo.owner}/${repo.repo}`.toLowerCase();
    const at = this.now().getTime();
    const hit = this.cache.get(key);
    if (hit && hit.until > at) return hit.config;
    let config2;
    try {
      config2 = validateConfig(await read());
    } catch (error2) {
      if (httpStatus(error2) !== void 0) throw error2;
      config2 = {
        ok: false,
        error: { code: "config-invalid", message: error2.message, file: CONFIG_PATH }
      };
    }
    if (this.ttlMs > 0) this.cache.set(key, { config: config2, until: at + this.ttlMs });
    return config2;
  }
};

// src/app/seen-repos.ts
var SeenRepos = class {
  constructor(max = 1e4) {
    this.max = max;
  }
  max;
  repos = /* @__PURE__ */ new Map();
  add(repo, installationId) {
    const key = `${repo.owner}/${repo.repo}`.toLowerCase();
    if (!this.repos.has(key) && this.repos.size >= this.max) return;
    this.repos.set(key, {
      repo: { owner: repo.owner, repo: repo.repo },
      ...installationId ? { installationId } : {}
    });
  }
  list() {
    return [...this.repos.values()];
  }
};

// src/app/create-app.ts
function createMolecularApp(options = {}) {
  return (app) => {
    const now = options.now ?? (() => /* @__PURE__ */ new Date());
    const slugOf = slugResolver(app, options.slug);
    const configs = new RepoConfigs(options.configTtlMs ?? DEFAULT_CONFIG_TTL_MS, now);
    const seen = new SeenRepos();
    const base = async (context) => {
      honourSecondaryLimits(context.octokit);
      const slug = await slugOf();
      return {
        octokit: context.octokit,
        payload: context.payload,
        deliveryId: context.id,
        log: logOf(context),
        now,
        slug
      };
    };
    for (const [name, handler] of Object.entries(REPO_HANDLERS)) {
      app.on(name, async (context) => {
        if (!mayConcernMolecular(context.name, context.payload)) {
          context.log.debug(`${context.name}: nothing for Molecular`);
          return;
        }
        const repo = context.repo();
        const payload = context.payload;
        seen.add(repo, payload.installation?.id);
        const { slug, ...rest } = await base(context);
        const config2 = await configs.forContext(context, repo);
        if (!config2.ok) {
          await reportConfigProblem(
            { ...rest, identity: identityOf(slug) },
            repo,
            context.name,
            config2.error
          );
          return;
        }
        const ctx = {
          ...rest,
          repo,
          config: config2.value,
          identity: identityOf(slug, config2.value.trusted_writers),
          ...payload.repository?.default_branch ? { defaultBranch: payload.repository.default_branch } : {},
          ...options.stateKey ? { stateKey: options.stateKey } : {},
          lock: lockFor(config2.value)
        };
        logResult(context, repoSlug(repo), await handler(ctx));
      });
    }
    for (const [name, handler] of Object.entries(INSTALLATION_HANDLERS)) {
      app.on(name, async (context) => {
        const { slug, ...rest } = await base(context);
        const result = await handler({ ...rest, identity: identityOf(slug) });
        logResult(context, "installation", result);
      });
    }
    if ((options.patrolIntervalMs ?? 0) > 0) {
      startPatrolTimer({
        app,
        seen,
        configs,
        slugOf,
        now,
        intervalMs: options.patrolIntervalMs,
        stateKey: options.stateKey
      });
    }
  };
}
function logOf(context) {
  const log = context.log;
  return {
    debug: (m) => log.debug(m),
    info: (m) => log.info(m),
    warn: (m) => log.warn(m),
    error: (m) => log.error(m)
  };
}
function logResult(context, where3, result) {
  const action = context.payload.action;
  const line = `${context.name}${action ? `.${action}` : ""} ${where3}: ${result.status}: ${result.detail}`;
  if (result.status === "ignored") context.log.debug(line);
  else context.log.info(line);
}

// src/app/index.ts
var index_default = createMolecularApp(optionsFromEnv());
export {
  createMolecularApp,
  index_default as default,
  optionsFromEnv
};
/*! Bundled license information:

smol-toml/dist/error.js:
smol-toml/dist/primitive.js:
smol-toml/dist/date.js:
smol-toml/dist/extract.js:
smol-toml/dist/util.js:
smol-toml/dist/struct.js:
smol-toml/dist/parse.js:
smol-toml/dist/stringify.js:
smol-toml/dist/index.js:
  (*!
   * Copyright (c) Squirrel Chat et al., All rights reserved.
   * SPDX-License-Identifier: BSD-3-Clause
   *
   * Redistribution and use in source and binary forms, with or without
   * modification, are permitted provided that the following conditions are met:
   *
   * 1. Redistributions of source code must retain the above copyright notice, this
   *    list of conditions and the following disclaimer.
   * 2. Redistributions in binary form must reproduce the above copyright notice,
   *    this list of conditions and the following disclaimer in the
   *    documentation and/or other materials provided with the distribution.
   * 3. Neither the name of the copyright holder nor the names of its contributors
   *    may be used to endorse or promote products derived from this software without
   *    specific prior written permission.
   *
   * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
   * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
   * WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
   * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
   * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
   * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
   * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
   * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
   * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
   * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
   *)
*/
