//! The tree sink the HTML parse goes through: scraper's, which builds the tree, wrapped so
//! that it keeps each element's depth and the deepest seen, for the parse to stop past
//! [`super::MAX_DEPTH`].

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use ego_tree::NodeId;
use foldhash::HashMap;
use html5ever::tendril::StrTendril;
use html5ever::tree_builder::{ElementFlags, NodeOrText, QuirksMode, TreeSink};
use html5ever::{Attribute, QualName};
use scraper::{Html, HtmlTreeSink};

/// scraper's tree sink, which also keeps each element's depth (the page's root at 0) and the
/// deepest seen, so that the parse can stop past [`super::MAX_DEPTH`].
pub(super) struct Capped {
    pub(super) inner: HtmlTreeSink,
    pub(super) depths: RefCell<HashMap<NodeId, u32>>,
    pub(super) deepest: Rc<Cell<u32>>,
}

impl Capped {
    fn depth(&self, node: &NodeId) -> u32 {
        self.depths.borrow().get(node).copied().unwrap_or(0)
    }

    fn placed(&self, node: &NodeOrText<NodeId>, depth: u32) {
        if let NodeOrText::AppendNode(id) = node {
            self.depths.borrow_mut().insert(*id, depth);
            self.deepest.set(self.deepest.get().max(depth));
        }
    }
}

impl TreeSink for Capped {
    type Output = Html;
    type Handle = NodeId;
    type ElemName<'a> = <HtmlTreeSink as TreeSink>::ElemName<'a>;

    fn finish(self) -> Html {
        self.inner.finish()
    }
    fn parse_error(&self, msg: Cow<'static, str>) {
        self.inner.parse_error(msg);
    }
    fn get_document(&self) -> NodeId {
        self.inner.get_document()
    }
    fn elem_name<'a>(&'a self, target: &'a NodeId) -> Self::ElemName<'a> {
        self.inner.elem_name(target)
    }
    fn create_element(&self, name: QualName, attrs: Vec<Attribute>, flags: ElementFlags) -> NodeId {
        self.inner.create_element(name, attrs, flags)
    }
    fn create_comment(&self, text: StrTendril) -> NodeId {
        self.inner.create_comment(text)
    }
    fn create_pi(&self, target: StrTendril, data: StrTendril) -> NodeId {
        self.inner.create_pi(target, data)
    }
    fn append(&self, parent: &NodeId, child: NodeOrText<NodeId>) {
        self.placed(&child, self.depth(parent) + 1);
        self.inner.append(parent, child);
    }
    fn append_based_on_parent_node(
        &self,
        element: &NodeId,
        prev_element: &NodeId,
        child: NodeOrText<NodeId>,
    ) {
        self.placed(
            &child,
            self.depth(element).max(self.depth(prev_element) + 1),
        );
        self.inner
            .append_based_on_parent_node(element, prev_element, child);
    }
    fn append_doctype_to_document(&self, name: StrTendril, public: StrTendril, system: StrTendril) {
        self.inner.append_doctype_to_document(name, public, system);
    }
    fn get_template_contents(&self, target: &NodeId) -> NodeId {
        self.inner.get_template_contents(target)
    }
    fn same_node(&self, x: &NodeId, y: &NodeId) -> bool {
        self.inner.same_node(x, y)
    }
    fn set_quirks_mode(&self, mode: QuirksMode) {
        self.inner.set_quirks_mode(mode);
    }
    fn append_before_sibling(&self, sibling: &NodeId, new_node: NodeOrText<NodeId>) {
        self.placed(&new_node, self.depth(sibling));
        self.inner.append_before_sibling(sibling, new_node);
    }
    fn add_attrs_if_missing(&self, target: &NodeId, attrs: Vec<Attribute>) {
        self.inner.add_attrs_if_missing(target, attrs);
    }
    fn remove_from_parent(&self, target: &NodeId) {
        self.inner.remove_from_parent(target);
    }
    fn reparent_children(&self, node: &NodeId, new_parent: &NodeId) {
        self.inner.reparent_children(node, new_parent);
    }
}
