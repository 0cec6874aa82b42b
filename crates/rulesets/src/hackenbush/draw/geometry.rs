//! Points in layout units: one unit is one edge length, y points up, the ground is y = 0.
//!
//! Floating point is fine here (unlike in the solver): coordinates only decide where ink goes,
//! and IEEE arithmetic on the same inputs gives the same outputs, so drawings stay deterministic.

use std::ops::{Add, Mul, Sub};

/// A point in layout units (y up).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    /// Euclidean distance.
    pub fn distance(self, other: Point) -> f64 {
        (self - other).length()
    }

    /// Length of the vector from the origin.
    pub fn length(self) -> f64 {
        self.x.hypot(self.y)
    }

    /// The vector turned a quarter to the left, scaled to length 1 — or straight up when the
    /// vector is (almost) zero, so callers never divide by zero.
    pub fn unit_normal(self) -> Point {
        let len = self.length();
        if len < 1e-9 || !len.is_finite() {
            return Point::new(0.0, 1.0);
        }
        Point::new(-self.y / len, self.x / len)
    }

    /// The midpoint of two points.
    pub fn midpoint(self, other: Point) -> Point {
        Point::new((self.x + other.x) / 2.0, (self.y + other.y) / 2.0)
    }
}

impl Add for Point {
    type Output = Point;
    fn add(self, o: Point) -> Point {
        Point::new(self.x + o.x, self.y + o.y)
    }
}

impl Sub for Point {
    type Output = Point;
    fn sub(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }
}

impl Mul<f64> for Point {
    type Output = Point;
    fn mul(self, k: f64) -> Point {
        Point::new(self.x * k, self.y * k)
    }
}
