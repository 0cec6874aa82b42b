//! Templates that reach themselves, refused before anything is rendered.
//!
//! The one idea: Tera refuses a template that extends itself, but renders an `include` or a
//! macro call by recursion with no bound, so a template that includes itself (or a macro that
//! calls itself) would overflow the stack and abort the process — `serve` with it. The
//! templates are a small fixed set, so every way one reaches another (it extends it, includes
//! it, or calls one of its macros) is read from their syntax trees, and a path that comes back
//! to where it started is an error at the template that closes it, before any page is filled.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use tera::ast::{Expr, ExprVal, Node};

/// Something a template renders: a whole template, or one macro of a template file.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Unit {
    Template(String),
    Macro { file: String, name: String },
}

impl Unit {
    fn file(&self) -> &str {
        match self {
            Unit::Template(file) | Unit::Macro { file, .. } => file,
        }
    }

    fn describe(&self) -> String {
        match self {
            Unit::Template(file) => format!("`{file}`"),
            Unit::Macro { file, name } => format!("macro `{name}` of `{file}`"),
        }
    }
}

/// How one unit reaches another, and the words to find in its source to locate it.
#[derive(Clone, Debug)]
struct Step {
    to: Unit,
    how: &'static str,
    /// What to look for in the source, best first.
    needles: Vec<String>,
}

/// A template that reaches itself: the template that closes the loop, what the loop is, and
/// where in the project's copy of that template (its file, 1-based line and column) when known.
#[derive(Debug)]
pub struct Loop {
    pub name: String,
    pub message: String,
    pub at: Option<(PathBuf, usize, usize)>,
}

/// `Ok` when no template, through `extends`, `include` or macro calls, can reach itself;
/// otherwise the loop, located in the project's copy of the template that closes it
/// (`templates_dir/NAME`) when it has one.
pub fn check(tera: &tera::Tera, templates_dir: &Path) -> Result<(), Loop> {
    let graph = steps(tera);
    for start in graph.keys() {
        if let Some(path) = cycle_from(&graph, start) {
            return Err(error(&path, templates_dir));
        }
    }
    Ok(())
}

/// Every unit with the steps it takes.
fn steps(tera: &tera::Tera) -> BTreeMap<Unit, Vec<Step>> {
    let mut graph = BTreeMap::new();
    for name in tera.get_template_names() {
        let Ok(template) = tera.get_template(name) else {
            continue;
        };
        let resolve = |namespace: &str| -> Option<String> {
            if namespace == "self" {
                return Some(name.to_string());
            }
            let (file, _) =
                (template.imported_macro_files.iter()).find(|(_, ns)| ns == namespace)?;
            Some(file.clone())
        };
        let exists = |target: &str| tera.get_template(target).is_ok();
        let mut own = Vec::new();
        if let Some(parent) = &template.parent {
            own.push(Step {
                to: Unit::Template(parent.clone()),
                how: "extends",
                needles: quoted("extends", parent),
            });
        }
        nodes(&template.ast, &resolve, &exists, &mut own);
        graph.insert(Unit::Template(name.to_string()), own);
        for (macro_name, definition) in &template.macros {
            let mut calls = Vec::new();
            nodes(&definition.body, &resolve, &exists, &mut calls);
            let unit = Unit::Macro {
                file: name.to_string(),
                name: macro_name.clone(),
            };
            graph.insert(unit, calls);
        }
    }
    graph
}

/// `include "NAME"`, `include 'NAME'`, then `NAME` alone.
fn quoted(keyword: &str, name: &str) -> Vec<String> {
    vec![
        format!("{keyword} \"{name}\""),
        format!("{keyword} '{name}'"),
        name.to_string(),
    ]
}

type Resolve<'a> = dyn Fn(&str) -> Option<String> + 'a;

/// The steps a run of nodes takes (macro definitions are units of their own).
fn nodes(ast: &[Node], resolve: &Resolve, exists: &dyn Fn(&str) -> bool, out: &mut Vec<Step>) {
    for node in ast {
        match node {
            Node::Include(_, names, _) => {
                // Tera renders the first of the names that exists.
                if let Some(target) = names.iter().find(|n| exists(n)) {
                    out.push(Step {
                        to: Unit::Template(target.clone()),
                        how: "includes",
                        needles: quoted("include", target),
                    });
                }
            }
            Node::VariableBlock(_, e) => expr(e, resolve, out),
            Node::Set(_, set) => expr(&set.value, resolve, out),
            Node::FilterSection(_, section, _) => {
                section
                    .filter
                    .args
                    .values()
                    .for_each(|e| expr(e, resolve, out));
                nodes(&section.body, resolve, exists, out);
            }
            Node::Block(_, block, _) => nodes(&block.body, resolve, exists, out),
            Node::Forloop(_, forloop, _) => {
                expr(&forloop.container, resolve, out);
                nodes(&forloop.body, resolve, exists, out);
                if let Some(empty) = &forloop.empty_body {
                    nodes(empty, resolve, exists, out);
                }
            }
            Node::If(branches, _) => {
                for (_, condition, body) in &branches.conditions {
                    expr(condition, resolve, out);
                    nodes(body, resolve, exists, out);
                }
                if let Some((_, body)) = &branches.otherwise {
                    nodes(body, resolve, exists, out);
                }
            }
            Node::MacroDefinition(..)
            | Node::Super
            | Node::Text(_)
            | Node::Extends(..)
            | Node::ImportMacro(..)
            | Node::Raw(..)
            | Node::Break(_)
            | Node::Continue(_)
            | Node::Comment(..) => {}
        }
    }
}

/// The macro calls inside an expression.
fn expr(e: &Expr, resolve: &Resolve, out: &mut Vec<Step>) {
    for filter in &e.filters {
        filter.args.values().for_each(|a| expr(a, resolve, out));
    }
    value(&e.val, resolve, out);
}

fn value(v: &ExprVal, resolve: &Resolve, out: &mut Vec<Step>) {
    match v {
        ExprVal::MacroCall(call) => {
            if let Some(file) = resolve(&call.namespace) {
                out.push(Step {
                    to: Unit::Macro {
                        file,
                        name: call.name.clone(),
                    },
                    how: "calls",
                    needles: vec![format!("{}::{}", call.namespace, call.name)],
                });
            }
            call.args.values().for_each(|a| expr(a, resolve, out));
        }
        ExprVal::FunctionCall(call) => call.args.values().for_each(|a| expr(a, resolve, out)),
        ExprVal::Math(m) => {
            expr(&m.lhs, resolve, out);
            expr(&m.rhs, resolve, out);
        }
        ExprVal::Logic(l) => {
            expr(&l.lhs, resolve, out);
            expr(&l.rhs, resolve, out);
        }
        ExprVal::In(i) => {
            expr(&i.lhs, resolve, out);
            expr(&i.rhs, resolve, out);
        }
        ExprVal::Test(t) => t.args.iter().for_each(|a| expr(a, resolve, out)),
        ExprVal::Array(items) => items.iter().for_each(|a| expr(a, resolve, out)),
        ExprVal::StringConcat(concat) => concat.values.iter().for_each(|v| value(v, resolve, out)),
        ExprVal::String(_)
        | ExprVal::Int(_)
        | ExprVal::Float(_)
        | ExprVal::Bool(_)
        | ExprVal::Ident(_) => {}
    }
}

/// A path of steps from `start` back to `start`, if there is one (a search over the units,
/// each visited once: the graph is a handful of templates and their macros).
fn cycle_from(graph: &BTreeMap<Unit, Vec<Step>>, start: &Unit) -> Option<Vec<(Unit, Step)>> {
    let mut seen = BTreeSet::new();
    // Each entry: a unit, and the path of steps that led to it.
    let mut stack: Vec<(&Unit, Vec<(Unit, Step)>)> = vec![(start, Vec::new())];
    while let Some((unit, path)) = stack.pop() {
        for step in graph.get(unit).into_iter().flatten() {
            let mut longer = path.clone();
            longer.push((unit.clone(), step.clone()));
            if step.to == *start {
                return Some(longer);
            }
            if seen.insert(step.to.clone()) {
                if let Some((next, _)) = graph.get_key_value(&step.to) {
                    stack.push((next, longer));
                }
            }
        }
    }
    None
}

/// The error for a loop, at the last step (the one that comes back), in the project's copy of
/// its template.
fn error(path: &[(Unit, Step)], templates_dir: &Path) -> Loop {
    let start = &path[0].0;
    let chain: Vec<String> = path
        .iter()
        .map(|(from, step)| format!("{} {} {}", from.describe(), step.how, step.to.describe()))
        .collect();
    let (last, step) = path.last().expect("a loop has a step");
    let file = templates_dir.join(last.file());
    let at = std::fs::read_to_string(&file).ok().and_then(|text| {
        let offset = step.needles.iter().find_map(|n| text.find(n.as_str()))?;
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Some((file.clone(), line, before[line_start..].chars().count() + 1))
    });
    Loop {
        name: last.file().to_string(),
        message: format!(
            "{} reaches itself ({}), so rendering it would never end: a template may not \
             include, extend or call back into itself",
            start.describe(),
            chain.join(", ")
        ),
        at,
    }
}
